import { LogOut } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

// Radix Dialog and its focus and scroll locks (14 KB) arrive on the first click, not with every first page (1055).
const LogoutDialog = lazy(() => import('./logout-dialog'));

/** Spec §4: closed → open → Sign out (a page navigation to /api/logout) or Cancel. */
export function LogoutButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* A native title, not a Radix tooltip: that one label would add 12 KB to every first signed-in page (0221). */}
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        aria-label="Sign out"
        title="Sign out"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <LogOut />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <LogoutDialog open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
