import { discountStream, foldCode } from '@dm/events';
import { verifyReplay } from '../../src/replay-verify';
import { checkAsOf } from './as-of-check';
import type { Model } from './model';
import { deploymentsOf, numericId, readDiscountsLog, type LoggedEvent } from './run-log';
import { storeSlugs, type World } from './world';

const isLive = (endsAt: string | null, now: number) => endsAt === null || Date.parse(endsAt) > now;

/** What an admin accepted of Shopify's version, per `discountId|storeId`: not ours to put back any more. */
const acceptedOf = (events: readonly LoggedEvent[]) => {
  const accepted = new Map<string, { codes: Set<string>; deleted: boolean; ending: boolean }>();
  for (const e of events) {
    if (e.type !== 'DiscountDriftAccepted') continue;
    const key = `${String(e.data.discountId)}|${String(e.data.storeId)}`;
    const differences = e.data.differences as { deleted: boolean; missingCodes: string[]; fields: { field: string }[] };
    const entry = accepted.get(key) ?? { codes: new Set<string>(), deleted: false, ending: false };
    for (const code of differences.missingCodes) entry.codes.add(foldCode(code));
    entry.deleted ||= differences.deleted;
    entry.ending ||= differences.fields.some((f) => f.field === 'endsAt' || f.field === 'status');
    accepted.set(key, entry);
  }
  return accepted;
};

/** The ledger as the log holds it: `storeId|folded code` → the discount holding it now. */
const heldOf = (events: readonly LoggedEvent[]) => {
  const held = new Map<string, { discountId: string; code: string }>();
  for (const e of events) {
    const key = `${String(e.data.storeId)}|${foldCode(String(e.data.code))}`;
    if (e.type === 'CodeReserved') held.set(key, { discountId: String(e.data.discountId), code: String(e.data.code) });
    if (e.type === 'CodeReleased') held.delete(key);
  }
  return held;
};

/**
 * Every invariant of issue 22 at quiescence, against the emulator's own state and the log (never our read models
 * alone). Returns what is broken, one line each, named so a person can tell which promise failed.
 */
export const checkInvariants = async (model: Model, world: World): Promise<string[]> => {
  const { stack } = world;
  const ids = model.discounts.map((d) => d.id);
  const events = await readDiscountsLog(stack.db.pool, ids);
  const deployments = deploymentsOf(events.filter((e) => e.streamId.startsWith('discount:')));
  const accepted = acceptedOf(events);
  const held = heldOf(events);
  const ended = new Set(events.flatMap((e) => (e.type === 'DiscountEnded' ? [String(e.data.discountId)] : [])));
  const now = Date.now();
  const broken: string[] = [];
  const byShopifyId = new Map(
    [...deployments].map(([key, d]) => [`${key.split('|')[1]}|${numericId(d.shopifyDiscountId)}`, key]),
  );

  for (const slug of storeSlugs) {
    const storeId = world.storeIds[slug];
    const shop = stack.emulator.shop(slug);
    // 1a. Every code live in a store is held in our ledger for that store and discount.
    for (const discount of shop.discounts.values()) {
      if (world.foreignDiscounts.get(slug)?.has(discount.id)) continue;
      const key = byShopifyId.get(`${storeId}|${discount.id}`);
      if (!key) {
        broken.push(
          `ledger: ${slug} holds discount ${discount.id} "${discount.title}" (codes ${discount.codes.explicit.map((c) => c.code).join(', ')}) that no deployment in the log names`,
        );
        continue;
      }
      const discountId = key.split('|')[0]!;
      for (const code of discount.codes.explicit) {
        const holder = held.get(`${storeId}|${foldCode(code.code)}`);
        if (holder?.discountId !== discountId) {
          broken.push(
            `ledger: code ${code.code} is live in ${slug} on discount ${discountId} but the ledger ${holder ? `gives it to ${holder.discountId}` : 'does not hold it'}`,
          );
        }
      }
    }
    // 2. No ended discount is active in any store.
    for (const discountId of ended) {
      const deployed = deployments.get(`${discountId}|${storeId}`);
      const found = deployed && shop.discounts.get(numericId(deployed.shopifyDiscountId));
      if (found && isLive(found.endsAt, now) && !accepted.get(`${discountId}|${storeId}`)?.ending) {
        broken.push(`ended: discount ${discountId} was ended but is active in ${slug} (endsAt ${found.endsAt})`);
      }
    }
  }
  // 1b. Every held code of a deployed, not-ended discount is live there.
  const slugOf = new Map(storeSlugs.map((s) => [world.storeIds[s], s]));
  for (const [key, holder] of held) {
    const storeId = Number(key.split('|')[0]);
    const slug = slugOf.get(storeId);
    const deployed = deployments.get(`${holder.discountId}|${storeId}`);
    const waived = accepted.get(`${holder.discountId}|${storeId}`);
    if (!slug || !deployed || ended.has(holder.discountId) || waived?.deleted) continue;
    if (waived?.codes.has(foldCode(holder.code))) continue;
    const discount = stack.emulator.shop(slug).discounts.get(numericId(deployed.shopifyDiscountId));
    if (!discount?.codes.explicit.some((c) => foldCode(c.code) === foldCode(holder.code))) {
      broken.push(
        `ledger: ${holder.code} is held for discount ${holder.discountId} in ${slug}, deployed as ${deployed.shopifyDiscountId}, but is not live there${discount ? '' : ' (that discount is gone)'}`,
      );
    }
  }
  broken.push(...submittedOnce(world, refusedOf(events)));
  // 3. Every read model equals a replay of the log.
  for (const check of await verifyReplay(stack.db.pool, stack.db.url)) {
    for (const d of check.differences.slice(0, 5)) {
      broken.push(`replay: ${d.table} row ${d.key} ${d.difference} (projection ${check.projection})`);
    }
  }
  // 5. As-of at any position equals the fold of the log up to that position.
  for (const id of ids) {
    broken.push(
      ...(await checkAsOf(
        world,
        id,
        events.filter((e) => isDiscountStream(e, id)),
      )),
    );
  }
  return broken;
};

const isDiscountStream = (e: LoggedEvent, id: string) =>
  e.streamId === discountStream(id) || e.streamId === `discount-codes:${id}`;

/** Codes a store refused outright (not as taken: say, their discount was deleted there), `storeId|folded`. */
const refusedOf = (events: readonly LoggedEvent[]) => {
  const refused = new Set<string>();
  const add = (e: LoggedEvent, code: string) => refused.add(`${String(e.data.storeId)}|${foldCode(code)}`);
  for (const e of events) {
    if (e.type === 'DiscountCodesPushed')
      for (const r of e.data.refused as { code: string; conflict: boolean }[]) if (!r.conflict) add(e, r.code);
    // Not retryable: the store answered with an error of its own (the call was not applied).
    if (e.type === 'DiscountCodesPushFailed' && e.data.retryable === false)
      for (const code of e.data.codes as string[]) add(e, code);
  }
  return refused;
};

/**
 * 4. No (store, chunk) was submitted twice, except where a lost answer made it ambiguous; and then no code exists
 * twice. From the emulator's call log: a submission is a bulk add Shopify applied (answered, or applied and its
 * answer lost). Codes removed behind our back, or refused by the store outright, may rightly be sent again by a
 * re-assertion.
 */
const submittedOnce = (world: World, refused: ReadonlySet<string>): string[] => {
  const broken: string[] = [];
  for (const slug of storeSlugs) {
    const groups = new Map<string, string[]>();
    for (const entry of world.stack.emulator.callLog.entries({ shop: slug, rootField: 'discountRedeemCodeBulkAdd' })) {
      if (entry.outcome !== 'ok' && entry.outcome !== 'fault:lose-answer') continue;
      const codes = entry.codes.map(foldCode);
      if (codes.some((c) => world.removedInStore.has(`${slug}|${c}`))) continue;
      if (codes.some((c) => refused.has(`${world.storeIds[slug]}|${c}`))) continue;
      const key = [...codes].sort().join(',');
      groups.set(key, [...(groups.get(key) ?? []), entry.outcome]);
    }
    for (const [key, outcomes] of groups) {
      if (outcomes.length > 1 && !outcomes.includes('fault:lose-answer')) {
        broken.push(
          `chunk: ${slug} was sent the chunk [${key.slice(0, 60)}…] ${outcomes.length} times, no answer lost`,
        );
      }
    }
    const seen = new Map<string, number>();
    for (const discount of world.stack.emulator.shop(slug).discounts.values()) {
      for (const c of discount.codes.explicit) seen.set(foldCode(c.code), (seen.get(foldCode(c.code)) ?? 0) + 1);
    }
    for (const [code, count] of seen)
      if (count > 1) broken.push(`chunk: code ${code} exists ${count} times in ${slug}`);
  }
  return broken;
};
