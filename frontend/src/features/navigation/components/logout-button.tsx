import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

/** Spec §4: closed → open → Log Out (a page navigation to /api/logout) or Cancel. */
export function LogoutButton() {
  return (
    <Dialog>
      {/* A native title, not a Radix tooltip: that one label would add 12 KB to every first signed-in page (0221). */}
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Log out" title="Log out">
          <LogOut />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm Logout</DialogTitle>
          <DialogDescription>
            Are you sure you want to log out? You'll need to sign in again to access the dashboard.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button asChild variant="destructive">
            <a href="/api/logout">Log Out</a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
