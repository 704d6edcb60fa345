import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo: RefObject<HTMLElement | null> };

/** The logout question, loaded when the logout icon is first clicked. */
export default function LogoutDialog({ open, onOpenChange, returnFocusTo }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Sign out?</DialogTitle>
          <DialogDescription>You will need to sign in again to use Discount Manager.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button asChild variant="destructive">
            <a href="/api/logout">Sign out</a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
