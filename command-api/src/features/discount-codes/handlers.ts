import { ConcurrencyError, type StreamAppend } from '@dm/event-store';
import { discountCodesStream, ValidationError } from '@dm/events';
import { addDiscountCodesBodySchema, type AddDiscountCodesInput } from '@dm/events/http';
import type pg from 'pg';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { concurrencyConflict, sleep, toNewEvents } from '../../shared/handle-command';
import { pinnedVersionOf, readLedger, readVersions } from '../discounts/ledger';
import type { DiscountWorld } from '../discounts/state';
import type { Locations } from '../locations/state';
import type { DiscountCodeCommand } from './commands';
import { decide, discountCodesDecider, type CodesEvent } from './decider';
import { loadCodesDiscount } from './load-discount';
import { streamOf } from './stream-of';
import { findCode } from './lookups';

export interface DiscountCodesDeps {
  readonly readLocations: () => Promise<Locations>;
  /** The codes read model's database: a delete finds its code (and discount) by the id in the address. */
  readonly db?: pg.Pool;
}

/** Racers for the same code lose on the ledger's version and decide again, finding it taken: two rounds suffice. */
const maxAttempts = 5;

/**
 * The input as the contract parses it (the route's schema; other callers parse with the same one). Checked again
 * here, so a hand-built input cannot slip past the rules.
 */
const validInput = (input: AddDiscountCodesInput): AddDiscountCodesInput => {
  const parsed = addDiscountCodesBodySchema.safeParse({ ...input, codes: input.codes.codes });
  if (parsed.success)
    return { ...parsed.data, codes: { ...parsed.data.codes, duplicatesSkipped: input.codes.duplicatesSkipped } };
  const issues = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw new ValidationError(`Invalid body: ${issues.join('; ')}.`);
};

export const discountCodesHandlers = (ctx: CommandContext, deps: DiscountCodesDeps) => {
  const loadDiscount = (discountId: string): Promise<DiscountWorld> => loadCodesDiscount(ctx.eventStore, discountId);

  /**
   * The discount, the ledger streams of `code` × its stores (the asked ones, or every target store), and the
   * version of the discount's codes stream: every stream the decision appends to is appended at the version read.
   */
  const loadWithLedger = async (discountId: string, codes: readonly string[], storeIds?: readonly number[]) => {
    const state = await loadDiscount(discountId);
    if (state.discount.status === 'none') return state;
    const stores = storeIds ?? [...state.discount.stores.keys()];
    const ledger = await readLedger(
      ctx.eventStore,
      stores.flatMap((storeId) => codes.map((code) => ({ storeId, code }))),
    );
    return { ...state, ledger: await readVersions(ctx.eventStore, [discountCodesStream(discountId)], ledger) };
  };

  /**
   * Load → decide → append the codes stream and every ledger stream at once, each at the version read. The discount's
   * codes stream is rebased: the push reactor and other adds append to it meanwhile, and nothing in it decides an add
   * or a delete (the discount and the ledger do, and stay pinned), so the same events go after theirs.
   */
  const run = async (command: DiscountCodeCommand, load: () => Promise<DiscountWorld>, options: CommandOptions) => {
    for (let attempt = 1; ; attempt++) {
      const state = await load();
      if (options.expectedVersion !== undefined && options.expectedVersion !== state.version) {
        throw concurrencyConflict();
      }
      const events = decide(command, state);
      const brandId = state.discount.status === 'none' ? null : state.discount.brandId;
      const byStream = new Map<string, CodesEvent[]>();
      for (const event of events) byStream.set(streamOf(event), [...(byStream.get(streamOf(event)) ?? []), event]);
      const appends: StreamAppend[] = [...byStream].map(([streamId, streamEvents]) => {
        const newEvents = toNewEvents(command.metadata, streamId, streamEvents, brandId);
        return {
          streamId,
          events: newEvents,
          expected: pinnedVersionOf(state.ledger, streamId),
          ...(streamId.startsWith(discountCodesStream('')) ? { rebase: () => newEvents } : {}),
        };
      });
      try {
        const results = await ctx.eventStore.appendMany(appends);
        const position = results.reduce((max, r) => (r.lastPosition > max ? r.lastPosition : max), 0n);
        return { events, position, version: state.version };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (options.expectedVersion !== undefined || attempt >= maxAttempts) throw concurrencyConflict();
        await sleep(Math.random() * 5 * attempt);
      }
    }
  };

  return {
    /**
     * Adds codes to a discount in the chosen stores, each reserved there in the same append (issue 12). Answers what
     * was recorded: the stores, the codes with their ids, the duplicates the input collapsed.
     */
    addDiscountCodes: async (
      discountId: string,
      body: AddDiscountCodesInput,
      actor: Actor,
      options: CommandOptions = {},
    ) => {
      const metadata = ctx.metadata('AddDiscountCodes', actor, options);
      const input = validInput(body);
      const locations = await deps.readLocations();
      const nameOf = (id: number) => ({ id, name: locations.stores.get(id)?.name ?? `Store ${id}` });
      const stores = input.stores.map(nameOf);
      // Every store's name, not only the chosen ones': a refusal also names the stores to choose instead.
      const mentionable = [...locations.stores.keys()].map(nameOf);
      const command: DiscountCodeCommand = {
        type: 'AddDiscountCodes',
        data: {
          discountId,
          codes: input.codes.codes,
          storeIds: input.stores,
          influencerName: input.influencerName,
          stores: mentionable,
        },
        metadata,
      };
      const result = await run(command, () => loadWithLedger(discountId, input.codes.codes, input.stores), options);
      const added = result.events.find((e) => e.type === 'DiscountCodesAdded');
      if (added?.type !== 'DiscountCodesAdded') throw new Error('AddDiscountCodes recorded no codes');
      const addedCodes = added.data.codes.map(({ codeId, code }) => ({ id: codeId, code }));
      return {
        availableStores: stores,
        codesAdded: addedCodes.length,
        duplicatesSkipped: input.codes.duplicatesSkipped,
        savedLocally: added.data.savedLocally,
        data: { addedCodes, codesAdded: addedCodes.length },
        position: result.position,
        version: result.version,
      };
    },

    /** Deletes a code of a discount (managers and above); the reactor removes it from each store. */
    deleteDiscountCode: async (codeId: string, actor: Actor, options: CommandOptions = {}) => {
      const metadata = ctx.metadata('DeleteDiscountCode', actor, options);
      const { db } = deps;
      if (!db)
        throw new Error('deleteDiscountCode reads the codes read model: give the command bus its database (db).');
      const found = await findCode(db, codeId);
      const command: DiscountCodeCommand = { type: 'DeleteDiscountCode', data: { codeId, found }, metadata };
      return run(
        command,
        async () => (found ? loadWithLedger(found.discountId, [found.code]) : discountCodesDecider.initialState),
        options,
      );
    },
  };
};
