import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

type Props = { leaving: 'close' | 'reset'; onGoBack: () => void; onLeave: () => void };

/**
 * Spec 001 §4 step 4: the codes were checked and may be created, but were not. Shown in the add dialog in place
 * of the form, not as a second dialog over it (issue 25).
 */
export function NotCreatedPrompt({ leaving, onGoBack, onLeave }: Props) {
  return (
    <div className="grid gap-4">
      <p className="text-sm">{leaving === 'reset' ? 'Resetting' : 'Closing'} now discards them.</p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onGoBack}>
          Go Back
        </Button>
        <Button type="button" variant="destructive" onClick={onLeave}>
          {leaving === 'reset' ? 'Reset Anyway' : 'Close Anyway'}
        </Button>
      </DialogFooter>
    </div>
  );
}
