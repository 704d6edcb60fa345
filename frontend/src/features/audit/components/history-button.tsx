import { History } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

const HistorySheet = lazy(() => import('./history-sheet'));

type Props = { entity: string; title: string; storeNames?: ReadonlyMap<number, string> };

/** A row's 'History' action: the sheet (and the audit code) load on the first click. */
export function HistoryButton({ entity, title, storeNames }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`History of ${title}`}>
        <History />
        <span className="sr-only sm:not-sr-only">History</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <HistorySheet entity={entity} title={title} storeNames={storeNames} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
