import { Readable } from 'node:stream';
import {
  eventSchemas,
  ForbiddenError,
  hasLevel,
  inBrandScope,
  NotFoundError,
  ValidationError,
  type PermissionLevel,
} from '@dm/events';
import {
  auditEventTypesSchema,
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  historyPageSchema,
  historyQuerySchema,
  streamedResponse,
  type AuditEvent,
  type FieldChange,
} from '@dm/events/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { callerOf } from '../../shared/caller';
import { auditCsv, auditJsonl } from './export';
import { cutLists, fieldChanges } from './field-changes';
import { narrowToCode } from './code-history';
import { auditPage, codeEvents, entityEvents, type AuditRow } from './queries';

const eventTypes = [...eventSchemas.keys()].sort();

const knownType = (type: string | undefined) => {
  if (type !== undefined && !eventSchemas.has(type))
    throw new ValidationError(`type ${type} is not an event type. Choose one of the list.`);
};

const forScreen = (row: AuditRow): AuditEvent => ({ ...row, data: cutLists(row.data) as Record<string, unknown> });

/** Who may read the history of what (the screens that show each kind). */
const historyLevel: Readonly<Record<string, PermissionLevel>> = {
  discount: 'user',
  code: 'user',
  user: 'manager',
  store: 'admin',
  region: 'admin',
  country: 'admin',
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A code's events live in its discount's codes stream and name it among others; every other kind is a subject. */
const eventsOf = async (db: pg.Pool, kind: string, id: string): Promise<AuditRow[]> => {
  if (kind !== 'code') return entityEvents(db, `${kind}:${id}`);
  return uuidPattern.test(id) ? narrowToCode(await codeEvents(db, id.toLowerCase()), id.toLowerCase()) : [];
};

/** The Audit screen's reads and each entity's History (issue 16), from the log, bounded by the caller's brands. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => {
      const { after, limit, ...filter } = request.query;
      knownType(filter.type);
      const rows = await auditPage(app.db, callerOf(request).brandIds, filter, { before: after, limit: limit + 1 });
      const items = rows.slice(0, limit).map(forScreen);
      return { items, next: rows.length > limit ? (items.at(-1)?.position ?? null) : null };
    },
  );

  app.get('/api/audit/event-types', { schema: { response: { 200: auditEventTypesSchema } } }, async () => eventTypes);

  app.get(
    '/api/audit/export',
    {
      schema: {
        querystring: auditExportQuerySchema,
        response: {
          200: streamedResponse('The matching events, as CSV or one JSON object per line (format).', [
            'text/csv',
            'application/x-ndjson',
          ]),
        },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      knownType(filter.type);
      const scope = callerOf(request).brandIds;
      const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${stamp}.${format}"`)
        .send(Readable.from(format === 'csv' ? auditCsv(app.db, scope, filter) : auditJsonl(app.db, scope, filter)));
    },
  );

  app.get(
    '/api/history',
    { schema: { querystring: historyQuerySchema, response: { 200: historyPageSchema } } },
    async (request) => {
      const { entity, after, limit } = request.query;
      const caller = callerOf(request);
      const kind = entity.slice(0, entity.indexOf(':'));
      if (!hasLevel(caller.level, historyLevel[kind] ?? 'super_admin'))
        throw new ForbiddenError(`The history of a ${kind} is for ${historyLevel[kind]} level and above.`);
      // Each event is the caller's to read when it belongs to one of their brands, whoever owns the entity now:
      // a person moved from brand 2 to brand 1 has a story in each, and neither brand reads the other's part.
      // Changes are compared among the visible events only, so an earlier value from another brand never shows.
      const events = (await eventsOf(app.db, kind, entity.slice(kind.length + 1))).filter(
        (event) => caller.brandIds === 'all' || event.brandIds.some((b) => inBrandScope(caller.brandIds, b)),
      );
      if (events.length === 0) throw new NotFoundError(`Nothing was recorded about ${entity}.`);
      const changes = fieldChanges(events);
      const start = after === undefined ? 0 : events.findIndex((e) => e.position > after);
      const page = start < 0 ? [] : events.slice(start, start + limit);
      const items = page.map((row, i) => ({
        ...forScreen(row),
        changes: cutLists(changes[start + i]) as FieldChange[],
      }));
      const more = start >= 0 && start + limit < events.length;
      return { items, next: more ? (items.at(-1)?.position ?? null) : null };
    },
  );
};
