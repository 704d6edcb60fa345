import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { loadFailureReason } from '@/lib/load-failure';

/** Grey rows where a list will be: announced as loading, and as tall as what they stand for. */
export function ListSkeleton({
  label,
  rows = 3,
  rowClassName,
}: {
  label: string;
  rows?: number;
  rowClassName?: string;
}) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="grid gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn('h-16 w-full', rowClassName)} />
      ))}
    </div>
  );
}

type FailedQuery = { error: unknown; isFetching: boolean; refetch: () => unknown };

/** A read that failed: what failed, why, and Retry (which runs the same read again). */
export function LoadError({ title, query, className }: { title: string; query: FailedQuery; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'grid justify-items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-4',
        className,
      )}
    >
      <p className="font-medium text-destructive">{title}</p>
      <p className="text-sm">{loadFailureReason(query.error)}</p>
      <Button variant="outline" size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
        {query.isFetching ? <Spinner className="size-4 text-current" aria-label="Retrying" /> : <RotateCw />}
        Retry
      </Button>
    </div>
  );
}
