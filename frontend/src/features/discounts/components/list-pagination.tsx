import { Button } from '@/components/ui/button';
import { showingRange } from '../utils/format';

type Props = { page: number; totalPages: number; total: number; pageSize: number; onPage: (page: number) => void };

/** Spec 001 §2.1: Previous/Next, 'Page x of y', 'Showing a - b of total discounts'; only with more than one page. */
export function ListPagination({ page, totalPages, total, pageSize, onPage }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="text-muted-foreground">{showingRange(page, pageSize, total)}</span>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {totalPages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
