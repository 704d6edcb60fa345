import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';

type Props = {
  /** The button that opens the question. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Shown between the question and the buttons (a warning). */
  children?: ReactNode;
  confirmLabel: string;
  /** The step cannot be taken now (the children say why): the confirm button is disabled. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
};

/** A question before a step that cannot be undone from here: Cancel, or the destructive confirm button. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  confirmLabel,
  confirmDisabled,
  onConfirm,
}: Props) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
