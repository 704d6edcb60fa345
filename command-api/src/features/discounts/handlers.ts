import { createHash, randomInt } from 'node:crypto';
import { ConcurrencyError, type StreamAppend } from '@dm/event-store';
import { discountStream, ForbiddenError, parseDomainEvent, randomSeedCode, ValidationError } from '@dm/events';
import {
  createDiscountBodySchema,
  type CreateDiscountBody,
  type CreateDiscountInput,
  type PreflightAnswer,
  type PreviewAnswer,
} from '@dm/events/http';
import type pg from 'pg';
import type { Actor } from '../../shared/command';
import type { CommandContext, CommandOptions } from '../../shared/command-context';
import { concurrencyConflict, sleep, toNewEvents } from '../../shared/handle-command';
import type { Locations } from '../locations/state';
import type { DiscountCommand, StoreFact } from './commands';
import { checkItems, itemsNamedBy, mayUseBrand, streamOf, targetStoresOf } from './decide-create';
import { discountDecider } from './decider';
import { expectedVersionOf, readLedger } from './ledger';
import { readCoverage } from './coverage-lookup';
import { readStoreFacts } from './read-stores';
import { findCatalogItems } from './lookups';
import { catalogTargetsOf, preflightOf } from './preflight';
import { previewOf } from './preview/preview';
import type { DiscountWorld, DiscountWorldEvent } from './state';

export interface DiscountsDeps {
  readonly readLocations: () => Promise<Locations>;
  /** Whether a store's Shopify token is configured: a store without one takes no deployment (decision 1415). */
  readonly hasShopifyToken: (slug: string) => boolean;
  /** The catalog read model's database: creating a discount checks the items it names there. */
  readonly db?: pg.Pool;
}

/** A conflict is decided again on fresh state a few times (creates of random seed codes hardly ever meet). */
const attempts = 5;
/** Random seed codes per create: one is free but for a one-in-10^17 collision, so a few are plenty. */
const seedCandidateCount = 4;
const drawSeedCandidates = () => Array.from({ length: seedCandidateCount }, () => randomSeedCode(randomInt));

/** The same discount id for the same command id: re-sending a create (same Idempotency-Key) records nothing new. */
const discountIdOf = (commandId: string) => {
  const h = createHash('sha256').update(`discount\u0000${commandId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The spec's payload, validated alike for every caller (routes validate it too, with the same schema). */
const validInput = (body: CreateDiscountBody): CreateDiscountInput => {
  const parsed = createDiscountBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw new ValidationError(`Invalid discount: ${issues.join('; ')}.`);
};

const brandIdOf = (state: DiscountWorld, events: readonly DiscountWorldEvent[]) => {
  if (state.discount.status !== 'none') return state.discount.brandId;
  const created = events.find((e) => e.type === 'DiscountCreated');
  return created?.type === 'DiscountCreated' ? created.data.brandId : null;
};

/** The stores a create would target, without its refusals (the decider makes those, in its own order). */
const candidateStoreIds = (input: CreateDiscountInput, stores: readonly StoreFact[]) => {
  try {
    return targetStoresOf(input, stores).map((s) => s.id);
  } catch (error) {
    if (error instanceof ValidationError) return [];
    throw error;
  }
};

export const discountsHandlers = (ctx: CommandContext, deps: DiscountsDeps) => {
  const storeFacts = async (): Promise<StoreFact[]> =>
    [...(await deps.readLocations()).stores.values()].map(({ id, name, brandId, isActive, urlSlug }) => ({
      id,
      name,
      brandId,
      isActive,
      connected: deps.hasShopifyToken(urlSlug),
    }));
  const catalogDb = () => {
    if (!deps.db) throw new Error('Discounts read the catalog read model: give the command bus its database (db).');
    return deps.db;
  };

  const loadDiscount = async (discountId: string): Promise<DiscountWorld> =>
    (
      await ctx.eventStore.aggregate(
        discountStream(discountId),
        (s: DiscountWorld, recorded) => discountDecider.evolve(s, parseDomainEvent(recorded) as DiscountWorldEvent),
        discountDecider.initialState,
      )
    ).state;

  /** The discount plus the ledger streams of its seed candidates in its target stores. */
  const loadForCreate = async (
    discountId: string,
    input: CreateDiscountInput,
    stores: readonly StoreFact[],
    candidates: readonly string[],
  ) => {
    const state = await loadDiscount(discountId);
    if (state.discount.status !== 'none') return state;
    const storeIds = targetStoresOf(input, stores).map((s) => s.id);
    const pairs = candidates.flatMap((code) => storeIds.map((storeId) => ({ storeId, code })));
    return { ...state, ledger: await readLedger(ctx.eventStore, pairs, state.ledger) };
  };

  /** Load → decide → append every stream the decision touches at once; a conflict is decided again, fresh. */
  const run = async (
    command: DiscountCommand,
    load: () => Promise<DiscountWorld>,
    options: CommandOptions,
    maxAttempts: number,
  ) => {
    for (let attempt = 1; ; attempt++) {
      const state = await load();
      if (options.expectedVersion !== undefined && options.expectedVersion !== state.version) {
        throw concurrencyConflict();
      }
      const events = discountDecider.decide(command, state);
      if (events.length === 0) return { state, events, position: null, version: state.version };
      const byStream = new Map<string, DiscountWorldEvent[]>();
      for (const event of events) byStream.set(streamOf(event), [...(byStream.get(streamOf(event)) ?? []), event]);
      const brandId = brandIdOf(state, events);
      const own = discountStream(command.data.discountId);
      const appends: StreamAppend[] = [...byStream].map(([streamId, streamEvents]) => ({
        streamId,
        events: toNewEvents(command.metadata, streamId, streamEvents, brandId),
        expected:
          streamId === own
            ? state.version === 0n
              ? 'no_stream'
              : state.version
            : expectedVersionOf(state.ledger, streamId),
      }));
      try {
        const results = await ctx.eventStore.appendMany(appends);
        const ownIndex = appends.findIndex((a) => a.streamId === own);
        return {
          state,
          events,
          position: results.reduce((max, r) => (r.lastPosition > max ? r.lastPosition : max), 0n),
          version: ownIndex >= 0 ? results[ownIndex]!.nextExpectedVersion : state.version,
        };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (options.expectedVersion !== undefined || attempt >= maxAttempts) throw concurrencyConflict();
        await sleep(Math.random() * 5 * Math.min(attempt, 8));
      }
    }
  };

  /**
   * The pre-flight of a create (issue 24): per target store, what it lacks and the equivalents offered. The same
   * checks as the create (brand, stores, items) refuse first; nothing is recorded.
   */
  const preflightOfInput = async (input: CreateDiscountInput, actor: Actor): Promise<PreflightAnswer> => {
    if (!mayUseBrand(actor, input.brandId))
      throw new ForbiddenError(`You do not have access to brand ${input.brandId}.`);
    const db = catalogDb();
    const targets = targetStoresOf(input, await readStoreFacts(db, input, deps.hasShopifyToken));
    checkItems(itemsNamedBy(input), await findCatalogItems(db, itemsNamedBy(input)), input.brandId);
    const wanted = catalogTargetsOf(input);
    const coverage = await readCoverage(
      db,
      wanted,
      targets.map((s) => s.id),
    );
    return preflightOf(wanted, targets, coverage);
  };

  return {
    /**
     * Records a discount (spec 001 §3 payload), asks for its deployment to each target store and reserves its seed
     * code there, all in one atomic append. Answers the discount as recorded (also when re-sent).
     */
    createDiscount: async (body: CreateDiscountBody, actor: Actor, options: CommandOptions = {}) => {
      const metadata = ctx.metadata('CreateDiscount', actor, options);
      const input = validInput(body);
      const db = catalogDb();
      const discountId = discountIdOf(metadata.commandId);
      const stores = await storeFacts();
      const items = await findCatalogItems(db, itemsNamedBy(input));
      const coverage = await readCoverage(db, catalogTargetsOf(input), candidateStoreIds(input, stores));
      const command: DiscountCommand = {
        type: 'CreateDiscount',
        data: { discountId, input, stores, items, coverage, seedCandidates: drawSeedCandidates() },
        metadata,
      };
      const { seedCandidates } = command.data;
      const result = await run(command, () => loadForCreate(discountId, input, stores, seedCandidates), {}, attempts);
      const created = result.events.find((e) => e.type === 'DiscountCreated');
      const recorded =
        created?.type === 'DiscountCreated'
          ? { seedCode: created.data.seedCode, storeIds: created.data.storeIds }
          : result.state.discount.status === 'none'
            ? null
            : { seedCode: result.state.discount.seedCode, storeIds: [...result.state.discount.stores.keys()] };
      if (!recorded) throw new Error('CreateDiscount recorded no discount');
      return { id: discountId, ...recorded, position: result.position, version: result.version };
    },
    preflightDiscount: (body: CreateDiscountBody, actor: Actor): Promise<PreflightAnswer> =>
      preflightOfInput(validInput(body), actor),
    /** The pre-flight with example carts and warnings per store (decision 1410); records nothing either. */
    previewDiscount: async (body: CreateDiscountBody, actor: Actor, excluding?: string): Promise<PreviewAnswer> => {
      const input = validInput(body);
      return previewOf(catalogDb(), input, await preflightOfInput(input, actor), ctx.now(), excluding);
    },
    /** Another deployment attempt in one store, after its last one failed. */
    retryDiscountDeployment: (
      data: { discountId: string; storeId: number },
      actor: Actor,
      options: CommandOptions = {},
    ) => {
      const metadata = ctx.metadata('RetryDiscountDeployment', actor, options);
      const command: DiscountCommand = { type: 'RetryDiscountDeployment', data, metadata };
      return run(command, () => loadDiscount(data.discountId), options, attempts);
    },
    /** Ends a discount early; the reactor deactivates it in every store it is live in. */
    endDiscount: (data: { discountId: string }, actor: Actor, options: CommandOptions = {}) => {
      const metadata = ctx.metadata('EndDiscount', actor, options);
      const command: DiscountCommand = { type: 'EndDiscount', data, metadata };
      return run(command, () => loadDiscount(data.discountId), options, attempts);
    },
  };
};
