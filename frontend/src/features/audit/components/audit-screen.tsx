import { screenNames } from '@/lib/glossary';
import type { AuditFilter } from '@dm/events/http';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { auditExportUrl, useAudit } from '../api/get-audit';
import { useEventTypes } from '../api/get-event-types';
import { auditFilterFormOf, auditFilterFromParams, auditFilterOf, paramsOfAuditFilter } from '../utils/audit-filter';
import { AuditFilters } from './audit-filters';
import { AuditList } from './audit-list';

/**
 * /audit (admin and above, issue 16): the log, newest first, within the caller's brands; filters, 'Load more'
 * (keyset: the events before the last one shown), and the filtered events as a CSV or JSON-lines download.
 */
export function AuditScreen() {
  usePageTitle(screenNames['/audit']);
  const [params, setParams] = useSearchParams();
  const filter: AuditFilter = auditFilterFromParams(params);
  const setFilter = (next: AuditFilter) => setParams(paramsOfAuditFilter(next));
  const events = useAudit(filter);
  const eventTypes = useEventTypes();
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{screenNames['/audit']}</h1>
          <p className="text-muted-foreground">Who did what, and when: every recorded event, newest first.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <a href={auditExportUrl(filter, 'csv')} download>
              <Download /> Export CSV
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={auditExportUrl(filter, 'jsonl')} download>
              <Download /> Export JSONL
            </a>
          </Button>
        </div>
      </div>
      <AuditFilters
        key={params.toString()}
        eventTypes={eventTypes}
        initial={auditFilterFormOf(filter)}
        onApply={(form) => setFilter(auditFilterOf(form))}
      />
      {events.isPending ? (
        <ListSkeleton label="Loading the audit events" rows={6} rowClassName="h-12" />
      ) : events.isError ? (
        <LoadError title="Failed to fetch the audit events" query={events} />
      ) : items.length === 0 ? (
        <p className="text-muted-foreground">No events match these filters.</p>
      ) : (
        <>
          <AuditList events={items} />
          {events.hasNextPage ? (
            <Button variant="outline" disabled={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
              {events.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">The start of the log.</p>
          )}
        </>
      )}
    </section>
  );
}
