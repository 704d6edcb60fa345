import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

type Props = { page: number; pages: number; onPage: (page: number) => void };

/** First, previous, a page number to jump to, next and last; on a phone the arrows keep only their icons. */
export function PageJump({ page, pages, onPage }: Props) {
  const [typed, setTyped] = useState(String(page));
  const [shown, setShown] = useState(page);
  if (shown !== page) {
    setShown(page);
    setTyped(String(page));
  }
  const wanted = Number(typed);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= pages;
  const jump = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onPage(wanted);
  };
  const arrow = (label: string, to: number, icon: React.ReactNode, disabled: boolean) => (
    <Button variant="outline" size="sm" onClick={() => onPage(to)} disabled={disabled} aria-label={label}>
      {icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Button>
  );
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex gap-1">
        {arrow('First', 1, <ChevronFirst />, page <= 1)}
        {arrow('Previous', page - 1, <ChevronLeft />, page <= 1)}
      </div>
      <form onSubmit={jump} className="flex items-center gap-2 text-sm">
        <label htmlFor="synced-codes-page">Page</label>
        <Input
          id="synced-codes-page"
          inputMode="numeric"
          className="h-8 w-16"
          value={typed}
          aria-invalid={!valid}
          onChange={(e) => setTyped(e.target.value)}
        />
        <span>of {pages.toLocaleString()}</span>
        <Button type="submit" size="sm" variant="secondary" disabled={!valid || wanted === page}>
          Go
        </Button>
      </form>
      <div className="flex gap-1">
        {arrow('Next', page + 1, <ChevronRight />, page >= pages)}
        {arrow('Last', pages, <ChevronLast />, page >= pages)}
      </div>
    </nav>
  );
}
