import { Download, FileUp, Wand2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCodeTarget } from '../api/get-code-stores';

// The dialogs (and the CSV and pattern code) arrive on the first click, not with the codes page (decision 1055).
const ImportCodesDialog = lazy(() => import('./import-codes-dialog'));
const GenerateCodesDialog = lazy(() => import('./generate-codes-dialog'));

export type CodesToolbarActionsProps = {
  discountId: string;
  /** The discount's brand (the mount point's contract); the stores come from the discount itself. */
  brandId: number;
};

type Which = 'import' | 'generate';

/** Import CSV, Export CSV and Generate Codes for one discount's codes (issue 12 'Beyond the spec'). */
export function CodesToolbarActions({ discountId }: CodesToolbarActionsProps) {
  const target = useCodeTarget(discountId);
  const [open, setOpen] = useState<Which | null>(null);
  const [wanted, setWanted] = useState<ReadonlySet<Which>>(new Set());
  const stores = target.data?.stores ?? [];
  const ready = target.isSuccess && stores.length > 0 && !target.data.ended;
  const show = (which: Which) => {
    setWanted((w) => new Set(w).add(which));
    setOpen(which);
  };
  const dialogProps = (which: Which) => ({
    discountId,
    stores,
    open: open === which,
    onOpenChange: (next: boolean) => setOpen(next ? which : null),
  });
  return (
    <>
      <Button variant="outline" disabled={!ready} aria-haspopup="dialog" onClick={() => show('import')}>
        <FileUp />
        Import CSV
      </Button>
      <Button variant="outline" asChild>
        <a href={`/api/discounts/${encodeURIComponent(discountId)}/codes/export`} download>
          <Download />
          Export CSV
        </a>
      </Button>
      <Button variant="outline" disabled={!ready} aria-haspopup="dialog" onClick={() => show('generate')}>
        <Wand2 />
        Generate Codes
      </Button>
      <Suspense fallback={null}>
        {wanted.has('import') ? <ImportCodesDialog {...dialogProps('import')} /> : null}
        {wanted.has('generate') ? <GenerateCodesDialog {...dialogProps('generate')} /> : null}
      </Suspense>
    </>
  );
}
