import type { CommandBus } from '@dm/command-api/commands';
import type { EventStore, StreamAppend } from '@dm/event-store';
import { codeReservationStream } from '@dm/events';
import { addDiscountCodesBodySchema } from '@dm/events/http';
import { benchActor } from './codes-world';

/** One row of the CSV (issue 12: columns code, influencer). */
export interface CsvRow {
  readonly code: string;
  readonly influencer: string | null;
}

/** `count` rows, `IMP-000000`…; each block of 1,000 rows one influencer's (50 of them), as staff import them. */
export const csvRows = (count: number): CsvRow[] =>
  Array.from({ length: count }, (_, i) => ({
    code: `IMP-${String(i).padStart(6, '0')}`,
    influencer: `Influencer ${Math.floor(i / 1000) % 50}`,
  }));

export interface ImportTarget {
  readonly commands: CommandBus;
  readonly discountId: string;
  readonly storeIds: readonly number[];
}

/** How the bench checks and reserves the rows of a CSV in the discount's stores: all of them, or it throws. */
export interface ImportCodes {
  /** Said in the figure's name. */
  readonly path: string;
  readonly run: (target: ImportTarget, rows: readonly CsvRow[]) => Promise<void>;
}

/** The CSV import (codesio, decision 1140s): the file checked, every row checked and reserved, rejections reported. */
export const importThroughCsvImport: ImportCodes = {
  path: 'the CSV import command, one file',
  run: async ({ commands, discountId, storeIds }, rows) => {
    const csv = `code,influencer\n${rows.map((r) => `${r.code},${r.influencer ?? ''}`).join('\n')}\n`;
    const importing = await commands.prepareCodesImport(discountId, { csv, stores: storeIds }, benchActor);
    const { result } = await importing.run(() => undefined);
    if (result.codesAdded !== rows.length) {
      throw new Error(
        `import: ${result.codesAdded} of ${rows.length} added; ${JSON.stringify(result.rejected.slice(0, 3))}`,
      );
    }
  },
};

/**
 * The add-codes command (its checks, its all-or-nothing reservation in the ledger) in requests of 1,000 rows, the
 * API's cap, one influencer each: what the bench measured before the CSV import existed, kept for comparison.
 */
export const importThroughAddCodes: ImportCodes = {
  path: 'the add-codes command, 1,000 rows a request',
  run: async ({ commands, discountId, storeIds }, rows) => {
    for (let from = 0; from < rows.length; from += 1000) {
      const batch = rows.slice(from, from + 1000);
      await commands.addDiscountCodes(
        discountId,
        addDiscountCodesBodySchema.parse({
          codes: batch.map((r) => r.code),
          stores: [...storeIds],
          influencerName: batch[0]?.influencer ?? null,
        }),
        benchActor,
      );
    }
  },
};

/**
 * The floor: the same reservations appended straight to the ledger (no read, no decision, no codes stream), in
 * atomic appends of 1,000 rows, as fast as the event store takes them. Rows per second.
 */
export const rawLedgerInsertRate = async (
  eventStore: EventStore,
  discountId: string,
  storeIds: readonly number[],
  rows: readonly CsvRow[],
): Promise<number> => {
  const reservedAt = new Date().toISOString();
  const started = performance.now();
  for (let from = 0; from < rows.length; from += 1000) {
    const appends: StreamAppend[] = rows.slice(from, from + 1000).flatMap((row) =>
      storeIds.map((storeId) => ({
        streamId: codeReservationStream(storeId, row.code),
        expected: 'no_stream' as const,
        events: [{ type: 'CodeReserved', data: { storeId, code: row.code, discountId, brandId: 1, reservedAt } }],
      })),
    );
    await eventStore.appendMany(appends);
  }
  return rows.length / ((performance.now() - started) / 1000);
};
