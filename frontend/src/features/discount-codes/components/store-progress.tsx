import { CircleCheck, CircleX } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import type { StoreProgress } from '../api/get-codes-progress';
import type { CodeStore } from './code-store';

/** Each store the codes went to: 'Syncing...' until they are live there (a green check), or why they are not. */
export function StoreProgressList({ rows }: { rows: readonly { store: CodeStore; progress: StoreProgress }[] }) {
  return (
    <ul aria-label="Stores" className="grid gap-2">
      {rows.map(({ store, progress }) => (
        <li
          key={store.id}
          aria-label={store.name}
          className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm"
        >
          <span className="min-w-0 flex-1 break-words font-medium">{store.name}</span>
          {progress.state === 'syncing' ? (
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <Spinner className="size-4" aria-hidden="true" role="presentation" />
              Syncing...
            </span>
          ) : progress.state === 'live' ? (
            <span className="flex items-center gap-1.5 text-green-700">
              <CircleCheck className="size-4" aria-hidden="true" />
              Live in Shopify
            </span>
          ) : (
            <span className="flex basis-full items-start gap-1.5 break-words text-destructive">
              <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Failed: {progress.reason}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
