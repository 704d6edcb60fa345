import type { HistoryEntry } from '@dm/events/http';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { useHistory } from '../api/get-history';
import { actorLabel, eventTitle, fieldLabel, formatAt, formatField, isInternalField } from '../utils/format';

type Props = {
  /** 'discount:<id>', 'store:3', 'user:<email>'. */
  entity: string;
  /** Names for the stores the events mention (a deployment per store); the id is shown otherwise. */
  storeNames?: ReadonlyMap<number, string>;
};

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
/** Fields the entry's own lines already say: who did it (the by-line). */
const saidAbove = new Set(['createdBy']);

/** The fields that changed; a field still empty after the event (a discount created with no gift) changed nothing. */
function Changes({ entry }: { entry: HistoryEntry }) {
  const changes = entry.changes.filter(
    (change) =>
      !isInternalField(change.field, change.new) &&
      !saidAbove.has(change.field) &&
      !(isEmpty(change.old) && isEmpty(change.new)),
  );
  if (changes.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="text-muted-foreground">{fieldLabel(change.field)}</dt>
          <dd className="min-w-0 break-words">
            {change.old === null ? null : (
              <>
                <span className="text-muted-foreground line-through">{formatField(change.field, change.old)}</span>
                <span aria-label="changed to"> → </span>
              </>
            )}
            <span>{formatField(change.field, change.new)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Every recorded event of one entity, oldest first: what happened, who did it (a person, or the system for
 * what the reactors recorded per store), when, and what it changed field by field. Paged with 'Load more'.
 */
export function HistoryPanel({ entity, storeNames }: Props) {
  const history = useHistory(entity);
  if (history.isPending) return <ListSkeleton label="Loading the history" rows={4} rowClassName="h-16" />;
  if (history.isError) return <LoadError title="Failed to fetch the history" query={history} />;
  const entries = history.data.pages.flatMap((page) => page.items);
  const storeOf = (entry: HistoryEntry) => {
    const id = entry.data.storeId;
    return typeof id === 'number' ? (storeNames?.get(id) ?? `Store ${id}`) : null;
  };
  return (
    <section aria-label="History" className="grid gap-3">
      <ol className="grid gap-3">
        {entries.map((entry) => (
          <li key={entry.position} className="rounded-md border p-3" data-testid="history-entry">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-medium">
                {eventTitle(entry.type)}
                {storeOf(entry) ? <span className="text-muted-foreground"> · {storeOf(entry)}</span> : null}
              </p>
              <time dateTime={entry.at} className="text-xs text-muted-foreground">
                {formatAt(entry.at)}
              </time>
            </div>
            <p className="text-sm text-muted-foreground">by {actorLabel(entry.actor)}</p>
            <Changes entry={entry} />
          </li>
        ))}
      </ol>
      {history.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </section>
  );
}
