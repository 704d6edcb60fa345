import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { pageRequest, paginate } from '../connections';
import { obj, str, type Args, type ResolverContext } from '../graphql/context';
import { gid, parseGid } from '../gid';
import { parseSearch } from '../search/parse';
import { discountSearch } from '../search/discount-search';
import { searchFilter } from '../search/filter';
import { toDateTime } from '../schema/scalars';
import { userError, type BulkCreation, type JobRecord } from '../services';
import type { Discount, ShopState } from '../state/shop-state';
import { mapConnection } from '../views/catalog-view';
import { redeemCodeView } from '../views/codes-view';
import { codeDiscountNodeView } from '../views/discount-view';
import { processBulkCreation } from './bulk-creation';
import { readSelector } from './selectors';

const discountOf = (ctx: ResolverContext, id: string | null): Discount | null =>
  ctx.shop.discounts.get(parseGid(id ?? '', 'DiscountCodeNode') ?? -1) ?? null;

export const bulkCreationView = (shop: ShopState, b: BulkCreation, ctx: ResolverContext) => ({
  __typename: 'DiscountRedeemCodeBulkCreation',
  id: gid('DiscountRedeemCodeBulkCreation', b.id),
  done: b.done,
  codesCount: b.entries.length,
  importedCount: b.entries.filter((e) => e.codeId !== null).length,
  failedCount: b.entries.filter((e) => e.errors.length > 0).length,
  createdAt: b.createdAt,
  discountCode: () => {
    const d = shop.discounts.get(b.discountId);
    return d ? codeDiscountNodeView(shop, d, ctx) : null;
  },
  codes: (args: Args, c: ResolverContext) =>
    mapConnection(
      paginate(
        b.entries.map((e, i) => ({ e, i })),
        pageRequest(args, c.bulk),
        (x) => ({ id: x.i, value: x.i }),
      ),
      ({ e }) => {
        const d = shop.discounts.get(b.discountId);
        const record = e.codeId === null || !d ? null : d.codes.findById(e.codeId);
        return { code: e.code, discountRedeemCode: record && redeemCodeView(record), errors: e.errors };
      },
    ),
});

export const jobView = (j: JobRecord) => ({
  id: gid('Job', j.id),
  done: j.done,
  query: (_args: Args, _ctx: ResolverContext, info: GraphQLResolveInfo): unknown => (j.done ? info.rootValue : null),
});

/** Starts a job that deletes `targets()` later; a single id is deleted at once, as captured (reference §6.4). */
const startJob = (ctx: ResolverContext, immediate: boolean, work: () => void) => {
  const job: JobRecord = { id: ctx.shop.newId(), done: false };
  ctx.services.jobs.set(job.id, job);
  const run = () => {
    work();
    job.done = true;
    ctx.shop.changed();
  };
  if (immediate) run();
  else ctx.services.scheduler.schedule(run, ctx.shop.identity.slug);
  return jobView(job);
};

export const redeemCodeResolvers = {
  discountRedeemCodeBulkAdd: (args: Args, ctx: ResolverContext) => {
    const discount = discountOf(ctx, str(args, 'discountId'));
    if (!discount)
      return {
        bulkCreation: null,
        userErrors: [userError(['discountId'], 'Code discount does not exist.', 'INVALID')],
      };
    const codes = Array.isArray(args.codes) ? args.codes.map((c) => str(obj(c) ?? {}, 'code') ?? '') : [];
    if (codes.length === 0)
      return { bulkCreation: null, userErrors: [userError(['codes'], "Codes can't be blank", 'BLANK')] };
    const creation: BulkCreation = {
      id: ctx.shop.newId(),
      discountId: discount.id,
      createdAt: toDateTime(ctx.now),
      done: false,
      entries: codes.map((code) => ({ code, codeId: null, errors: [] })),
    };
    ctx.services.bulkCreations.set(creation.id, creation);
    ctx.services.scheduler.schedule(
      () => processBulkCreation(ctx.shop, creation, ctx.services.clockNow()),
      ctx.shop.identity.slug,
    );
    return { bulkCreation: bulkCreationView(ctx.shop, creation, ctx), userErrors: [] };
  },
  discountRedeemCodeBulkCreation: (args: Args, ctx: ResolverContext) => {
    const b = ctx.services.bulkCreations.get(parseGid(str(args, 'id') ?? '', 'DiscountRedeemCodeBulkCreation') ?? -1);
    return b ? bulkCreationView(ctx.shop, b, ctx) : null;
  },
  discountCodeRedeemCodeBulkDelete: (args: Args, ctx: ResolverContext) => {
    const selector = readSelector(args);
    if (Array.isArray(selector)) return { job: null, userErrors: selector };
    const discount = discountOf(ctx, str(args, 'discountId'));
    if (!discount)
      return { job: null, userErrors: [userError(['discountId'], 'Code discount does not exist.', 'INVALID')] };
    if (selector.kind === 'ids' && selector.ids.length === 0) {
      return { job: null, userErrors: [userError(null, 'Something went wrong, please try again.', null)] };
    }
    const targets =
      selector.kind === 'ids'
        ? selector.ids.flatMap((id) => parseGid(id, 'DiscountRedeemCode') ?? [])
        : [...discount.codes.iterate(null)]
            .filter((c) =>
              parseSearch(selector.search).some((g) =>
                g.every((t) => t.field === null && c.code.toLowerCase().includes(t.value.toLowerCase())),
              ),
            )
            .map((c) => c.id);
    const job = startJob(ctx, targets.length <= 1, () => {
      for (const id of targets) ctx.shop.removeCode(discount, id);
      discount.updatedAt = toDateTime(ctx.services.clockNow());
    });
    return { job, userErrors: [] };
  },
  discountCodeBulkDelete: (args: Args, ctx: ResolverContext) => {
    const selector = readSelector(args);
    if (Array.isArray(selector)) return { job: null, userErrors: selector };
    let targets: Discount[];
    if (selector.kind === 'ids') targets = selector.ids.flatMap((id) => discountOf(ctx, id) ?? []);
    else {
      const spec = discountSearch(ctx.now, false);
      const unknown = parseSearch(selector.search)
        .flat()
        .filter((t) => t.field !== null && !spec.fields[t.field]);
      if (unknown.length > 0) {
        const names = unknown.map((t) => t.field).join(', ');
        return {
          job: null,
          userErrors: [userError(['search'], `Invalid search field(s): ${names}. Check the query syntax.`, 'INVALID')],
        };
      }
      targets = searchFilter(ctx.shop.discounts.values(), selector.search, spec, () => undefined, [
        'discountCodeBulkDelete',
      ]);
    }
    return { job: startJob(ctx, false, () => targets.forEach((d) => ctx.shop.deleteDiscount(d.id))), userErrors: [] };
  },
  job: (args: Args, ctx: ResolverContext) => {
    const j = ctx.services.jobs.get(parseGid(str(args, 'id') ?? '', 'Job') ?? -1);
    if (!j && str(args, 'id') === null) throw new GraphQLError('Invalid id');
    return j ? jobView(j) : null;
  },
};
