import { Button } from '@/components/ui/button';
import { CODES_PAGE_SIZE } from '../api/get-discount-codes';

type Props = { page: number; totalPages: number; total: number; onPage: (page: number) => void };

/** Pages of 50 codes (spec 001 §2.2, §9), from 1; shown only with more than one page. */
export function CodesPagination({ page, totalPages, total, onPage }: Props) {
  if (totalPages <= 1) return null;
  const from = (page - 1) * CODES_PAGE_SIZE + 1;
  const to = Math.min(page * CODES_PAGE_SIZE, total);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="text-muted-foreground">
        Showing {from.toLocaleString('en')} - {to.toLocaleString('en')} of {total.toLocaleString('en')} codes
      </span>
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
