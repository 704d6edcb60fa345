import type { AuditEvent } from '@dm/events/http';
import { actorLabel, dataSummary, eventTitle, formatAt } from '../utils/format';

/** One row per event: when, what, which entity (and what the event said), who; a table on wide screens, cards on phones. */
export function AuditList({ events }: { events: readonly AuditEvent[] }) {
  return (
    <div role="table" aria-label="Audit events" className="grid rounded-md border text-sm">
      <div
        role="row"
        className="hidden border-b bg-muted/50 px-3 py-2 font-medium md:grid md:grid-cols-[11rem_14rem_1fr_14rem] md:gap-3"
      >
        <span role="columnheader">When</span>
        <span role="columnheader">Event</span>
        <span role="columnheader">Entity and data</span>
        <span role="columnheader">Person</span>
      </div>
      {events.map((event) => (
        <div
          role="row"
          key={event.position}
          className="grid gap-1 border-b px-3 py-2 last:border-b-0 md:grid-cols-[11rem_14rem_1fr_14rem] md:gap-3"
        >
          <span role="cell" className="text-muted-foreground">
            <time dateTime={event.at}>{formatAt(event.at)}</time>
          </span>
          <span role="cell" className="font-medium">
            {eventTitle(event.type)}
          </span>
          <span role="cell" className="min-w-0">
            <span className="block break-all">{event.streamId}</span>
            <span className="block break-words text-xs text-muted-foreground">{dataSummary(event.data)}</span>
          </span>
          <span role="cell" className="break-words">
            {actorLabel(event.actor)}
          </span>
        </div>
      ))}
    </div>
  );
}
