import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

type Props = { leaving: 'close' | 'reset' | null; onGoBack: () => void; onLeave: () => void };

/** Spec 001 §4 step 4: the codes were checked and may be created, but were not. */
export function NotCreatedDialog({ leaving, onGoBack, onLeave }: Props) {
  return (
    <AlertDialog open={leaving !== null} onOpenChange={(open) => (open ? undefined : onGoBack())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Codes Not Created</AlertDialogTitle>
          <AlertDialogDescription>
            The codes are available but have not been created yet. {leaving === 'reset' ? 'Resetting' : 'Closing'} now
            discards them.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Go Back</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onLeave}>
            {leaving === 'reset' ? 'Reset Anyway' : 'Close Anyway'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
