import type { BrandScope } from '@dm/events';
import type { AuditFilter } from '@dm/events/http';
import type pg from 'pg';
import { auditPage, type AuditRow } from './queries';

const batch = 1000;

/** Every filtered event, newest first, read a thousand at a time so memory stays flat however many match. */
async function* filteredPages(db: pg.Pool, scope: BrandScope, filter: AuditFilter): AsyncGenerator<AuditRow[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await auditPage(db, scope, filter, { before, limit: batch });
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    before = rows.at(-1)!.position;
  }
}

const csvHeader = 'position,at,type,entity_kind,stream_id,actor_id,actor_email,actor_name,brand_ids,data';

/**
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with a
 * quote mark (OWASP's CSV injection advice): an event's data holds text typed by people.
 */
export const cell = (value: string | number | null): string => {
  if (value === null) return '';
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

const csvLine = (row: AuditRow) =>
  [
    row.position,
    row.at,
    row.type,
    row.entityKind,
    row.streamId,
    row.actor.id,
    row.actor.email,
    row.actor.name,
    row.brandIds.join(' '),
    JSON.stringify(row.data),
  ]
    .map(cell)
    .join(',');

export async function* auditCsv(db: pg.Pool, scope: BrandScope, filter: AuditFilter): AsyncGenerator<string> {
  yield `${csvHeader}\n`;
  for await (const rows of filteredPages(db, scope, filter)) yield rows.map((row) => `${csvLine(row)}\n`).join('');
}

export async function* auditJsonl(db: pg.Pool, scope: BrandScope, filter: AuditFilter): AsyncGenerator<string> {
  for await (const rows of filteredPages(db, scope, filter))
    yield rows.map((row) => `${JSON.stringify(row)}\n`).join('');
}
