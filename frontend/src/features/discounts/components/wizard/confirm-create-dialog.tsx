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
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  pending: boolean;
  onConfirm: () => void;
};

/** Spec 001 §2.6: 'Confirm Discount Creation' with 'Yes, Create Discount'. */
export function ConfirmCreateDialog({ open, onOpenChange, name, pending, onConfirm }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm Discount Creation</DialogTitle>
          <DialogDescription>
            {name} will be created and deployed to its stores at once. Its first code is made at random.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={pending} onClick={onConfirm}>
            Yes, Create Discount
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
