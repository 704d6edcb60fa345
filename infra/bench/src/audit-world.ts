import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type createCommandBus, systemActor } from '@dm/command-api/commands';
import type { EventStore, StreamAppend } from '@dm/event-store';
import { discountCodesStream, discountStream } from '@dm/events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { appendDiscounts } from './discounts-world';

type Commands = ReturnType<typeof createCommandBus>;

/** Staff who act in the log: ten per brand, named, as the metadata of a command records them. */
export const auditActors = Array.from({ length: 20 }, (_, i) => ({
  actorId: `staff-${i}`,
  actorEmail: `staff${i}@brand${(i % 2) + 1}.test`,
  brandId: (i % 2) + 1,
}));

export const grantAuditActors = async (commands: Commands) => {
  for (const actor of auditActors) {
    await commands.grantPermission(
      {
        email: actor.actorEmail,
        permissionLevel: actor.actorId.endsWith('0') ? 'admin' : 'user',
        brandIds: [actor.brandId],
      },
      systemActor,
    );
  }
};

interface Template {
  readonly streamId: string;
  readonly version: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: string;
  readonly metadata: string;
}

/** The log's first day; bulk event i is recorded `secondsApart × i` after it. */
export const auditLogStart = Date.UTC(2024, 0, 1);
const secondsApart = 6;

// Ids and codes of the template discounts, renamed per copy so that every copy is a world of its own streams.
const uuidPattern = /00000000-0000-4000-8000-(\d{12})/g;
const codePattern = /\b(SEED|VIP)-(\d+)/gi;
const renamer = (copy: number) => {
  const prefix = `00000000-0000-4${copy.toString(16).padStart(3, '0')}-8000-`;
  return (text: string) => text.replace(uuidPattern, `${prefix}$1`).replace(codePattern, `$1-${copy}-$2`);
};
// COPY's text format: backslash is its escape (jsonb text has no raw tab or newline).
const copyText = (text: string) => text.replaceAll('\\', '\\\\');

/**
 * The bench log: brands and stores through the command bus, `templateDiscounts` discounts through the event
 * store (creations, reservations, deployment outcomes), then copies of those events with renamed ids, actors
 * rotated over `auditActors` and times spread over the year, COPY'd straight into `es.events` in transactions
 * of `copyTx` rows (each its own tx_id, as appends have) until the log holds `total` events.
 */
export const loadAuditLog = async (
  pool: pg.Pool,
  eventStore: EventStore,
  options: { readonly total: number; readonly templateDiscounts: number; readonly copyTx?: number },
): Promise<{ readonly copied: number; readonly templates: number }> => {
  await appendDiscounts(eventStore, options.templateDiscounts);
  const { rows } = await pool.query<Template>(
    `SELECT stream_id AS "streamId", stream_version::text AS version, type, schema_version AS "schemaVersion",
            data::text AS data, metadata::text AS metadata
     FROM es.events WHERE stream_id LIKE 'discount:%' OR stream_id LIKE 'code-reservation%' ORDER BY global_position`,
  );
  const existing = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM es.events')).rows[0]!.n);
  const toCopy = Math.max(0, options.total - existing);
  const copyTx = options.copyTx ?? 250_000;
  let made = 0;
  function* lines(limit: number) {
    for (let end = made + limit; made < end;) {
      const copy = Math.floor(made / rows.length) + 1;
      const rename = renamer(copy);
      for (let i = made % rows.length; i < rows.length && made < end; i++, made++) {
        const t = rows[i]!;
        const actor = auditActors[(made * 7 + copy) % auditActors.length]!;
        const metadata = JSON.stringify({
          ...(JSON.parse(t.metadata) as Record<string, unknown>),
          actorId: actor.actorId,
          actorEmail: actor.actorEmail,
          correlationId: `c-${copy}-${Math.floor(i / 4)}`,
        });
        const at = new Date(auditLogStart + made * secondsApart * 1000).toISOString();
        yield `${rename(t.streamId)}\t${t.version}\t${randomUUID()}\t${t.type}\t${t.schemaVersion}\t${copyText(
          rename(t.data),
        )}\t${copyText(metadata)}\t${at}\n`;
      }
    }
  }
  while (made < toCopy) {
    const client = await pool.connect();
    try {
      const sink = client.query(
        copyFrom(
          'COPY es.events (stream_id, stream_version, event_id, type, schema_version, data, metadata, created_at) FROM STDIN',
        ),
      );
      await pipeline(Readable.from(lines(Math.min(copyTx, toCopy - made))), sink);
    } finally {
      client.release();
    }
    console.log(`  copied ${made} events`);
  }
  return { copied: made, templates: rows.length };
};

/**
 * One discount with `codeEvents` codes events (one code added, then pushed to its store, by turns) after its
 * creation: the as-of bench's long history. Appended through the event store, like the app would.
 */
export const appendLongDiscount = async (eventStore: EventStore, codeEvents: number): Promise<string> => {
  const id = randomUUID();
  const at = (n: number) => new Date(auditLogStart + n * 60_000).toISOString();
  const metadata = {
    actorId: 'staff-0',
    actorEmail: 'staff0@brand1.test',
    correlationId: 'long',
    causationId: null,
    commandId: 'long',
    brandId: 1,
  };
  const by = { userId: 'staff-0', name: 'Staff Zero', email: 'staff0@brand1.test' };
  await eventStore.append(
    discountStream(id),
    [
      {
        type: 'DiscountCreated',
        data: {
          discountId: id,
          brandId: 1,
          name: 'Long history',
          description: null,
          discountType: 'multi',
          productScope: { type: 'all', productIds: [], collectionIds: [] },
          rules: [],
          gwp: null,
          startsAt: null,
          endsAt: null,
          combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
          storeIds: [1],
          seedCode: 'LONG-0',
          createdBy: by,
          createdAt: at(0),
        },
        metadata,
      },
      {
        type: 'DiscountDeploymentRequested',
        data: { discountId: id, storeId: 1, attempt: 1, requestedAt: at(0) },
        metadata,
      },
      {
        type: 'DiscountDeployed',
        data: {
          discountId: id,
          storeId: 1,
          shopifyDiscountId: 'gid://d/long',
          code: 'LONG-0',
          attempt: 1,
          deployedAt: at(1),
        },
        metadata,
      },
    ],
    { expected: 'no_stream' },
  );
  const codesEvent = (n: number) => {
    const code = `LONG-${Math.floor(n / 2) + 1}`;
    return n % 2 === 0
      ? {
          type: 'DiscountCodesAdded',
          data: {
            discountId: id,
            brandId: 1,
            codes: [{ codeId: randomUUID(), code }],
            storeIds: [1],
            savedLocally: false,
            influencerName: null,
            addedBy: by,
            addedAt: at(n + 2),
          },
          metadata,
        }
      : {
          type: 'DiscountCodesPushed',
          data: { discountId: id, storeId: 1, chunkKey: `k${n}`, live: [code], refused: [], pushedAt: at(n + 2) },
          metadata,
        };
  };
  const appends: StreamAppend[] = [];
  for (let n = 0; n < codeEvents; n += 1000) {
    appends.push({
      streamId: discountCodesStream(id),
      events: Array.from({ length: Math.min(1000, codeEvents - n) }, (_, k) => codesEvent(n + k)),
      expected: 'any',
    });
  }
  for (const append of appends) await eventStore.appendMany([append]);
  return id;
};
