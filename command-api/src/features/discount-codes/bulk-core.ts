import { ConcurrencyError, type StreamAppend } from '@dm/event-store';
import {
  codeReservationStream,
  ConflictError,
  discountCodesStream,
  parseDomainEvent,
  type CodeReservationEvent,
  type DomainEvent,
} from '@dm/events';
import type { ImportCodesResult } from '@dm/events/http';
import type pg from 'pg';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { concurrencyConflict, sleep, toNewEvents } from '../../shared/handle-command';
import { pinnedVersionOf, readVersions, type Ledger, type Reservation } from '../discounts/ledger';
import type { DiscountWorld } from '../discounts/state';
import type { Locations } from '../locations/state';
import { decideBulkAdd, type AddCodesInBulk, type BulkDecision } from './bulk-decider';
import type { ImportRow } from './csv-rows';
import { codesTarget, type CodesEvent } from './decider';
import { loadCodesDiscount } from './load-discount';
import { streamOf } from './stream-of';

export interface BulkCodesDeps {
  readonly readLocations: () => Promise<Locations>;
  /** The synced-codes cache: generated codes must be free of the codes the stores hold from outside. */
  readonly db?: pg.Pool;
}

export type BulkProgress = (phase: 'checking' | 'reserving', done: number, total: number) => void;

/**
 * An import run as a job (decision 1485): its `CodesImportFinished` goes into the same append as its codes, on a
 * stream that must still be empty, and its answer is kept before that append.
 */
export interface ImportJobRun {
  readonly importId: string;
  readonly attempt: number;
  readonly keep: (answer: ImportCodesResult) => Promise<void>;
}

export interface Fence {
  readonly streamId: string;
  readonly events: (decision: BulkDecision, brandId: number) => DomainEvent[];
  readonly beforeAppend: (decision: BulkDecision) => Promise<void>;
}

/** Ledger streams read per statement: progress moves between them. */
const readChunk = 20_000;
const maxAttempts = 3;

/**
 * Codes by the thousand (docs/decisions/1140-…, 1141-bulk-ledger-appends.md): the ledger streams of every code ×
 * store are read in a few statements (each stream's last event decides who holds it) and the decision is
 * appended in one transaction whose reservations are one statement.
 */
export const bulkCore = (ctx: CommandContext, deps: BulkCodesDeps) => {
  const loadDiscount = (discountId: string): Promise<DiscountWorld> => loadCodesDiscount(ctx.eventStore, discountId);

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
  const addInBulk = async (
    command: AddCodesInBulk,
    progress: BulkProgress,
    { everyRow = false, fence }: { everyRow?: boolean; fence?: Fence } = {},
  ) => {
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
      const fenceAppend: StreamAppend[] =
        // An import that adds nothing appends nothing: run again, it changes nothing either.
        fence && brandId !== null && decision.events.length > 0
          ? [
              {
                streamId: fence.streamId,
                events: toNewEvents(command.metadata, fence.streamId, fence.events(decision, brandId), brandId),
                expected: 'no_stream',
              },
            ]
          : [];
      await fence?.beforeAppend(decision);
      progress('reserving', 0, decision.added.length);
      try {
        const read = await readVersions(ctx.eventStore, [codesStream], ledger);
        const appends: StreamAppend[] = [
          ...[...byStream].map(([streamId, events]) => {
            const newEvents = toNewEvents(command.metadata, streamId, events, brandId);
            return {
              streamId,
              events: newEvents,
              expected: pinnedVersionOf(read, streamId),
              // Nothing in the codes stream decided the import (the discount and the ledger did): see handlers.ts.
              ...(streamId === codesStream ? { rebase: () => newEvents } : {}),
            };
          }),
          ...fenceAppend,
        ];
        const results = appends.length > 0 ? await ctx.eventStore.appendMany(appends) : [];
        progress('reserving', decision.added.length, decision.added.length);
        const position = results.reduce<bigint | null>(
          (max, r) => (max === null || r.lastPosition > max ? r.lastPosition : max),
          null,
        );
        return { decision, position };
      } catch (error) {
        // The fence's stream is taken: this import was appended by another run; the job reads its outcome.
        if (error instanceof ConcurrencyError && error.streamId === fence?.streamId) throw error;
        if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) {
          throw error instanceof ConcurrencyError ? concurrencyConflict() : error;
        }
        await sleep(Math.random() * 20 * attempt);
      }
    }
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

  return { readLedgerInBulk, addInBulk, bulkCommand };
};
