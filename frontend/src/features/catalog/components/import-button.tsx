import type { CatalogImportBody, CatalogImportKind } from '@dm/events/http';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useImportCatalog } from '../api/import-catalog';

const labels: Record<CatalogImportKind, string> = { products: 'Import Products', collections: 'Import Collections' };

/** One import: disabled with a spinner while it runs, and the count so far while a long import is polled. */
export function ImportButton({
  kind,
  target,
  disabled,
}: {
  kind: CatalogImportKind;
  target: Partial<CatalogImportBody> & { storeName?: string | undefined };
  /** Nothing to import from yet (the brand or store is still loading, or there is none). */
  disabled: boolean;
}) {
  const run = useImportCatalog(kind);
  const start = () => {
    const { brandId, storeId, storeName = `Store ${storeId}` } = target;
    if (brandId === undefined || storeId === undefined)
      return void toast({ title: 'Brand and store must be selected', variant: 'destructive' });
    run.mutate({ body: { brandId, storeId }, storeName });
  };
  return (
    <div className="flex items-center gap-3">
      <Button onClick={start} disabled={disabled || run.isPending}>
        {run.isPending ? (
          <Spinner className="size-4 text-current" aria-label={`${labels[kind]} running`} />
        ) : (
          <Download />
        )}
        {labels[kind]}
      </Button>
      {run.isPending ? (
        <span role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {run.progress ? `Importing ${kind}… ${run.progress.imported} imported so far` : `Importing ${kind}…`}
        </span>
      ) : null}
    </div>
  );
}
