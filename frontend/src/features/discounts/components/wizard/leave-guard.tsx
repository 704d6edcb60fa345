import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

type Props = {
  dirty: boolean;
  /** Set once the discount is created: the way to the list is not leaving. */
  done: RefObject<boolean>;
  onDiscard: () => void;
};

/**
 * Before leaving the wizard with input in it: the browser's own question on closing or reloading the tab, and
 * ours when a link leads to another screen (moving between steps is not leaving). The draft stays in this tab
 * either way until it is created or discarded.
 */
export function LeaveGuard({ dirty, done, onDiscard }: Props) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !done.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : blocker.reset?.())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave the new discount?</DialogTitle>
          <DialogDescription>
            It is not created yet. Its draft stays in this tab, so you can come back to it, or discard it now.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => blocker.reset?.()}>
            Stay
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              onDiscard();
              blocker.proceed?.();
            }}
          >
            Discard and Leave
          </Button>
          <Button type="button" onClick={() => blocker.proceed?.()}>
            Keep Draft and Leave
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
