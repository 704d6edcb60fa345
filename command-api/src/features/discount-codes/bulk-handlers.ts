import { ConcurrencyError, type StreamAppend } from '@dm/event-store';
import {
  codeReservationStream,
  ConflictError,
  discountCodesStream,
  discountStream,
  foldCode,
  parseDomainEvent,
  type CodeReservationEvent,
} from '@dm/events';
import type { GenerateCodesInput, ImportCodesResult } from '@dm/events/http';
import type pg from 'pg';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { concurrencyConflict, sleep, toNewEvents } from '../../shared/handle-command';
import { pinnedVersionOf, readVersions, type Ledger, type Reservation } from '../discounts/ledger';
import type { DiscountWorld } from '../discounts/state';
import type { Locations } from '../locations/state';
import { decideBulkAdd, type AddCodesInBulk } from './bulk-decider';
import { importRows, type ImportRow } from './csv-rows';
import { codesTarget, discountCodesDecider, type CodesEvent, type CodesWorldEvent } from './decider';
import { streamOf } from './stream-of';
import { drawCodes } from './pattern-codes';

export interface BulkCodesDeps {
  readonly readLocations: () => Promise<Locations>;
  /** The synced-codes cache: generated codes must be free of the codes the stores hold from outside. */
  readonly db?: pg.Pool;
}

export type BulkProgress = (phase: 'checking' | 'reserving', done: number, total: number) => void;

/** Ledger streams read per statement: progress moves between them. */
const readChunk = 20_000;
const maxAttempts = 3;
/**
 * The push reactor appends to a discount's codes stream while its codes go out: losing the codes stream's version
 * to it changes nothing the decision read, so only that version is read again, this many times at most.
 */
const maxCodesStreamAttempts = 20;
const generateRounds = 5;

/**
 * Codes by the thousand (docs/decisions/1140-…, 1141-bulk-ledger-appends.md): the ledger streams of every code ×
 * store are read in a few statements (each stream's last event decides who holds it) and the decision is
 * appended in one transaction whose reservations are one statement.
 */
export const bulkCodesHandlers = (ctx: CommandContext, deps: BulkCodesDeps) => {
  const loadDiscount = async (discountId: string): Promise<DiscountWorld> =>
    (
      await ctx.eventStore.aggregate(
        discountStream(discountId),
        (s: DiscountWorld, recorded) => discountCodesDecider.evolve(s, parseDomainEvent(recorded) as CodesWorldEvent),
        discountCodesDecider.initialState,
      )
    ).state;

  const readLedgerInBulk = async (
    storeIds: readonly number[],
    codes: readonly string[],
    progress: BulkProgress,
  ): Promise<Ledger> => {
    const streamIds = storeIds.flatMap((storeId) => codes.map((code) => codeReservationStream(storeId, code)));
    const ledger = new Map<string, Reservation>();
    for (let at = 0; at < streamIds.length; at += readChunk) {
      const chunk = streamIds.slice(at, at + readChunk);
      const last = await ctx.eventStore.readLastEvents(chunk);
      for (const streamId of chunk) {
        const recorded = last.get(streamId);
        const event = recorded ? (parseDomainEvent(recorded) as CodeReservationEvent) : null;
        const holder =
          event?.type === 'CodeReserved'
            ? { discountId: event.data.discountId, brandId: event.data.brandId, code: event.data.code }
            : null;
        ledger.set(streamId, { version: recorded?.streamVersion ?? 0n, holder });
      }
      progress('checking', Math.min(at + readChunk, streamIds.length), streamIds.length);
    }
    return ledger;
  };

  const storesOf = async (storeIds: readonly number[]) => {
    const locations = await deps.readLocations();
    return storeIds.map((id) => ({ id, name: locations.stores.get(id)?.name ?? `Store ${id}` }));
  };

  /** Read the ledger, decide, append; a racer taking one of the codes meanwhile means reading and deciding again. */
  const addInBulk = async (command: AddCodesInBulk, progress: BulkProgress, { everyRow = false } = {}) => {
    for (let attempt = 1; ; attempt++) {
      const state = await loadDiscount(command.data.discountId);
      const ledger = await readLedgerInBulk(
        command.data.storeIds,
        command.data.rows.map((r) => r.code),
        progress,
      );
      const decision = decideBulkAdd(command, { ...state, ledger });
      if (everyRow && decision.rejected.length > 0) {
        // Generated codes were checked free: one taken since is someone else's add of the same moment.
        throw new ConflictError('Some of the codes were taken at the same moment. Nothing was added; try again.');
      }
      const brandId = state.discount.status === 'none' ? null : state.discount.brandId;
      const byStream = new Map<string, CodesEvent[]>();
      for (const event of decision.events) {
        const streamId = streamOf(event);
        const events = byStream.get(streamId) ?? [];
        if (events.length === 0) byStream.set(streamId, events);
        events.push(event);
      }
      const codesStream = discountCodesStream(command.data.discountId);
      progress('reserving', 0, decision.added.length);
      try {
        for (let codesAttempt = 1; ; codesAttempt++) {
          const read = await readVersions(ctx.eventStore, [codesStream], ledger);
          const appends: StreamAppend[] = [...byStream].map(([streamId, events]) => ({
            streamId,
            events: toNewEvents(command.metadata, streamId, events, brandId),
            expected: pinnedVersionOf(read, streamId),
          }));
          try {
            const results = appends.length > 0 ? await ctx.eventStore.appendMany(appends) : [];
            progress('reserving', decision.added.length, decision.added.length);
            const position = results.reduce<bigint | null>(
              (max, r) => (max === null || r.lastPosition > max ? r.lastPosition : max),
              null,
            );
            return { decision, position };
          } catch (error) {
            const onlyCodesStream = error instanceof ConcurrencyError && error.streamId === codesStream;
            if (!onlyCodesStream || codesAttempt >= maxCodesStreamAttempts) throw error;
          }
        }
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) {
          throw error instanceof ConcurrencyError ? concurrencyConflict() : error;
        }
        await sleep(Math.random() * 20 * attempt);
      }
    }
  };

  /** Codes the stores hold from outside (the synced cache), folded. */
  const knownToStores = async (storeIds: readonly number[], codes: readonly string[]) => {
    if (!deps.db) throw new Error('Generating codes reads the synced codes: give the command bus its database (db).');
    const { rows } = await deps.db.query<{ folded: string }>(
      'SELECT DISTINCT code_folded AS folded FROM rm.synced_codes WHERE store_id = ANY($1::int[]) AND code_folded = ANY($2::text[] COLLATE "C")',
      [storeIds, codes.map(foldCode)],
    );
    return new Set(rows.map((r) => r.folded));
  };

  const bulkCommand = async (
    type: 'ImportDiscountCodes' | 'GenerateDiscountCodes',
    discountId: string,
    rows: readonly ImportRow[],
    storeIds: readonly number[],
    actor: Actor,
    options: CommandOptions,
  ): Promise<AddCodesInBulk> => {
    const metadata = ctx.metadata(type, actor, options);
    const command: AddCodesInBulk = {
      type: 'AddCodesInBulk',
      data: { discountId, rows, storeIds, stores: await storesOf(storeIds) },
      metadata,
    };
    // Refuse a foreign or ended discount, or stores it cannot take, before any work (and before an import answers).
    codesTarget(command, await loadDiscount(discountId));
    return command;
  };

  return {
    /**
     * A CSV import (issue 12): the file and the target are checked first (a 4xx throws here); `run` then checks
     * every row against the ledger and reserves the free ones, reporting progress, and answers the rejected rows.
     */
    prepareCodesImport: async (
      discountId: string,
      body: { csv: string; stores: readonly number[] },
      actor: Actor,
      options: CommandOptions = {},
    ) => {
      const parsed = importRows(body.csv);
      const command = await bulkCommand('ImportDiscountCodes', discountId, parsed.rows, body.stores, actor, options);
      return {
        run: async (progress: BulkProgress): Promise<{ result: ImportCodesResult; position: bigint | null }> => {
          const { decision, position } = await addInBulk(command, progress);
          const rejected = [...parsed.rejected, ...decision.rejected].sort((a, b) => a.row - b.row);
          return {
            result: {
              rowsRead: parsed.rowsRead,
              codesAdded: decision.added.length,
              rejected,
              availableStores: command.data.stores.map((s) => ({ ...s })),
              savedLocally: decision.savedLocally,
            },
            position,
          };
        },
      };
    },

    /**
     * `count` codes from a pattern, each free in every chosen store — in the ledger and among the codes the stores
     * hold from outside (the synced cache) — reserved at once. Fewer free codes than asked is a 409, nothing added.
     */
    generateDiscountCodes: async (
      discountId: string,
      body: GenerateCodesInput,
      actor: Actor,
      options: CommandOptions = {},
    ) => {
      const command = await bulkCommand('GenerateDiscountCodes', discountId, [], body.stores, actor, options);
      const quiet: BulkProgress = () => undefined;
      const tried = new Set<string>();
      const free: string[] = [];
      for (let round = 0; round < generateRounds && free.length < body.count; round++) {
        const wanted = body.count - free.length;
        const drawn = drawCodes(body.parsed, Math.ceil(wanted * 1.1) + 10, tried);
        if (drawn.length === 0) break;
        drawn.forEach((code) => tried.add(code));
        const ledger = await readLedgerInBulk(body.stores, drawn, quiet);
        const outside = await knownToStores(body.stores, drawn);
        const held = (code: string) =>
          outside.has(foldCode(code)) ||
          body.stores.some((storeId) => ledger.get(codeReservationStream(storeId, code))?.holder);
        for (const code of drawn) if (free.length < body.count && !held(code)) free.push(code);
      }
      if (free.length < body.count) {
        throw new ConflictError(
          `Only ${free.length.toLocaleString('en')} codes of ${body.pattern} are free in these stores; ask for fewer codes or use a longer pattern. Nothing was added.`,
        );
      }
      const rows = free.map((code, i) => ({ row: i + 1, code, influencerName: body.influencerName }));
      const { decision, position } = await addInBulk({ ...command, data: { ...command.data, rows } }, quiet, {
        everyRow: true,
      });
      return {
        answer: {
          codes: decision.added.map(({ codeId, code }) => ({ id: codeId, code })),
          codesAdded: decision.added.length,
          availableStores: command.data.stores.map((s) => ({ ...s })),
          savedLocally: decision.savedLocally,
        },
        position,
      };
    },
  };
};
