import { Link2Off } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';

type Member = { id: string; storeName: string; title: string; detail: string; available: boolean };

type Props = {
  label: string;
  members: readonly Member[];
  /** The group's name: a copy's own title shows only when it differs. */
  lead: string;
  /** Takes one copy out of the group (its links removed), leaving the others linked. */
  onSplitOff: (memberId: string) => void;
};

/**
 * Each store's copy of a grouped item: its title when the store names it differently, what tells it apart
 * (SKU, handle), whether that copy is available (a copy linked after the mark is not, until marked again), and
 * a way to take a wrongly linked copy out without taking the whole group apart.
 */
export function GroupMembers({ label, members, lead, onSplitOff }: Props) {
  return (
    <ul className="space-y-1" aria-label={label}>
      {members.map((m) => (
        <li key={m.id} className="flex flex-wrap items-center gap-x-2">
          <span className="font-medium">{m.storeName}</span>
          {m.title === lead ? null : <span className="break-words">{m.title}</span>}
          <span className="break-words text-muted-foreground">{m.detail}</span>
          <span className={m.available ? 'text-emerald-800' : 'text-muted-foreground'}>
            {m.available ? 'Available' : 'Unavailable'}
          </span>
          <ConfirmDialog
            trigger={
              <Button
                variant="ghost"
                size="sm"
                className="ml-auto h-7 px-2 text-xs"
                aria-label={`Unlink the ${m.storeName} copy`}
              >
                <Link2Off />
                {/* Icon only on a phone, so the row stays one line (docs/frontend.md §11). */}
                <span className="sr-only sm:not-sr-only">Unlink</span>
              </Button>
            }
            title={`Take the ${m.storeName} copy out of ${lead}?`}
            description={`Its links to the other copies are removed and it gets a card of its own; the other copies stay linked. A link made by SKU stays removed on later imports.`}
            confirmLabel="Unlink"
            onConfirm={() => onSplitOff(m.id)}
          />
        </li>
      ))}
    </ul>
  );
}
