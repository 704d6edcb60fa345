import { ConcurrencyError, type EventStore } from '@dm/event-store';
import { codeReservationStream, parseDomainEvent } from '@dm/events';
import type pg from 'pg';
import { systemActor, type CommandMetadata } from '../../shared/command';
import { toNewEvents } from '../../shared/handle-command';

const upgrade = 'ledger-refold-1310';

export interface RefoldOutcome {
  /** Reservations moved to the stream of today's folding. */
  readonly moved: number;
  /** Old streams whose code today's folding gives to another discount's reservation: left as they are. */
  readonly clashes: readonly { readonly from: string; readonly to: string }[];
}

/**
 * Reservations recorded while codes were folded by plain lower case (before decision 1310) live in streams that
 * today's folding no longer names (`code-reservation:3:straße` is now `…:strasse`). Each one still held moves:
 * `CodeReservationMoved` ends the old stream and `CodeReserved` opens the new one, in one append at the versions
 * read, so no writer sees the code free in between. Only codes outside ASCII can fold differently. Runs once, in
 * the migrate step, before the services take writes; a second run finds the upgrade recorded and does nothing.
 */
export const refoldLedger = async (eventStore: EventStore, pool: pg.Pool, now = () => new Date()) => {
  const done = await pool.query('SELECT 1 FROM es.upgrades WHERE name = $1', [upgrade]);
  if (done.rowCount) return { moved: 0, clashes: [] } satisfies RefoldOutcome;
  const { rows } = await pool.query<{ stream_id: string }>(
    `SELECT DISTINCT stream_id FROM es.events
     WHERE type = 'CodeReserved' AND stream_id LIKE 'code-reservation:%' AND data->>'code' ~ '[^\\x01-\\x7f]'`,
  );
  const last = await eventStore.readLastEvents(rows.map((r) => r.stream_id));
  let moved = 0;
  const clashes: { from: string; to: string }[] = [];
  for (const [from, recorded] of last) {
    const event = parseDomainEvent(recorded);
    if (event.type !== 'CodeReserved') continue;
    const to = codeReservationStream(event.data.storeId, event.data.code);
    if (to === from) continue;
    const target = (await eventStore.readLastEvents([to])).get(to);
    const held = target ? parseDomainEvent(target) : null;
    const heldByOther = held?.type === 'CodeReserved' && held.data.discountId !== event.data.discountId;
    if (heldByOther) {
      clashes.push({ from, to });
      continue;
    }
    const metadata: CommandMetadata = {
      commandId: `${upgrade}:${from}:${recorded.streamVersion}`,
      correlationId: upgrade,
      causationId: recorded.eventId,
      now: now().toISOString(),
      actor: systemActor,
    };
    const { storeId, code, discountId, brandId } = event.data;
    const alreadyThere = held?.type === 'CodeReserved';
    try {
      await eventStore.appendMany([
        {
          streamId: from,
          expected: recorded.streamVersion,
          events: toNewEvents(
            metadata,
            from,
            [{ type: 'CodeReservationMoved', data: { storeId, code, discountId, brandId, to, movedAt: metadata.now } }],
            brandId,
          ),
        },
        ...(alreadyThere
          ? []
          : [
              {
                streamId: to,
                expected: target ? target.streamVersion : ('no_stream' as const),
                events: toNewEvents(metadata, to, [{ type: 'CodeReserved' as const, data: event.data }], brandId),
              },
            ]),
      ]);
      moved++;
    } catch (error) {
      // Another writer moved the streams meanwhile: the next run looks again.
      if (!(error instanceof ConcurrencyError)) throw error;
      return { moved, clashes } satisfies RefoldOutcome;
    }
  }
  await pool.query('INSERT INTO es.upgrades (name) VALUES ($1) ON CONFLICT DO NOTHING', [upgrade]);
  return { moved, clashes } satisfies RefoldOutcome;
};
