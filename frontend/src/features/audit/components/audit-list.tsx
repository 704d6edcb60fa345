import type { AuditEvent } from '@dm/events/http';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import {
  actorLabel,
  dataSummary,
  eventTitle,
  fieldLabel,
  formatAt,
  formatField,
  readableFields,
  subjectOf,
} from '../utils/format';

const discountIdOf = (event: AuditEvent): string | null => {
  if (typeof event.data.discountId === 'string') return event.data.discountId;
  const match = /^discount:(.+)$/.exec(event.streamId);
  return match?.[1] ?? null;
};

/** Where the event leads: its discount (and code there), the person's other events. */
function EventLinks({ event }: { event: AuditEvent }) {
  const discountId = discountIdOf(event);
  const code = typeof event.data.code === 'string' ? event.data.code : null;
  const email = event.actor.email;
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1">
      {discountId ? (
        <Link
          className="underline"
          to={`/discounts/${discountId}/codes${code ? `?search=${encodeURIComponent(code)}` : ''}`}
        >
          {code ? `Open code ${code}` : 'Open the discount'}
        </Link>
      ) : null}
      {email ? (
        <Link className="underline" to={`/audit?person=${encodeURIComponent(email)}`}>
          Everything by {event.actor.name ?? email}
        </Link>
      ) : null}
    </div>
  );
}

/** One event, opened: every field it recorded in words, its links, and the internals under 'Technical details'. */
function EventDetails({ event }: { event: AuditEvent }) {
  const fields = readableFields(event.data);
  return (
    <div className="grid gap-3 border-t bg-muted/30 px-3 py-3 text-sm">
      {fields.length > 0 ? (
        <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1">
          {fields.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{fieldLabel(key)}</dt>
              <dd className="min-w-0 break-words">{formatField(key, value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <EventLinks event={event} />
      <details>
        <summary className="cursor-pointer text-muted-foreground">Technical details</summary>
        <pre className="mt-2 overflow-x-auto rounded bg-muted p-2 text-xs">
          {JSON.stringify(
            { stream: event.streamId, position: event.position, actor: event.actor.id, at: event.at, data: event.data },
            null,
            2,
          )}
        </pre>
      </details>
    </div>
  );
}

/**
 * One row per event: when (the reader's clock), what, about what (by name) and who; each row opens to the whole
 * change and its links. A grid on wide screens, stacked on phones.
 */
export function AuditList({ events }: { events: readonly AuditEvent[] }) {
  return (
    <div className="grid rounded-md border text-sm">
      <div
        aria-hidden="true"
        className="hidden border-b bg-muted/50 px-3 py-2 pl-9 font-medium md:grid md:grid-cols-[12rem_13rem_1fr_14rem] md:gap-3"
      >
        <span>When</span>
        <span>Event</span>
        <span>About</span>
        <span>Person</span>
      </div>
      <ul aria-label="Audit events">
        {events.map((event) => (
          <li key={event.position} className="border-b last:border-b-0">
            <details className="group">
              <summary className="flex cursor-pointer list-none gap-2 px-3 py-2 hover:bg-accent/50">
                <ChevronRight
                  className="mt-0.5 size-4 shrink-0 transition-transform group-open:rotate-90"
                  aria-hidden="true"
                />
                <span className="grid min-w-0 flex-1 gap-1 md:grid-cols-[12rem_13rem_1fr_14rem] md:gap-3">
                  <time dateTime={event.at} className="text-muted-foreground">
                    {formatAt(event.at)}
                  </time>
                  <span className="font-medium">{eventTitle(event.type)}</span>
                  <span className="min-w-0">
                    <span className="block break-words">{subjectOf(event)}</span>
                    <span className="block break-words text-xs text-muted-foreground">{dataSummary(event.data)}</span>
                  </span>
                  <span className="break-words">{actorLabel(event.actor)}</span>
                </span>
              </summary>
              <EventDetails event={event} />
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
