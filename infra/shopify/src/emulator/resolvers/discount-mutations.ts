import { obj, str, type Args, type ResolverContext } from '../graphql/context';
import { gid, parseGid } from '../gid';
import { toDateTime } from '../schema/scalars';
import { userError, type UserErrorRecord } from '../services';
import type { Discount } from '../state/shop-state';
import { statusOf } from '../views/discount-facts';
import { codeDiscountNodeView, discountView } from '../views/discount-view';
import { applyInput } from './input-apply';
import { argNameOf, checkCode, checkCommon, checkTopLevel, type Kind } from './input-checks';
import { checkCustomerBuys, checkCustomerGets, checkLimits } from './value-checks';

const checkFunction = (ctx: ResolverContext, input: Args, arg: string, creating: boolean): UserErrorRecord[] => {
  const functionId = str(input, 'functionId');
  const handle = str(input, 'functionHandle');
  if (functionId !== null && handle !== null) {
    return [
      userError(
        [arg, 'functionId'],
        'Only one of function_id or function_handle can be provided.',
        'MULTIPLE_FUNCTION_IDENTIFIERS',
      ),
    ];
  }
  if (functionId === null && handle === null) {
    return creating
      ? [
          userError(
            [arg, 'functionId'],
            'Either function_id or function_handle must be provided.',
            'MISSING_FUNCTION_IDENTIFIER',
          ),
        ]
      : [];
  }
  const known = ctx.shop.identity.functionIds;
  if (functionId !== null && !known.includes(functionId)) {
    return [userError([arg, 'functionId'], `Function ${functionId} not found.`, 'INVALID')];
  }
  return [];
};

const checkTaken = (ctx: ResolverContext, code: string, arg: string, self: Discount | null): UserErrorRecord[] => {
  const owner = ctx.shop.findCode(code);
  const own = self && owner?.discount.id === self.id && owner.code.id === self.codes.first()?.id;
  return owner && !own ? [userError([arg, 'code'], 'Code must be unique. Please try a different code.', 'TAKEN')] : [];
};

/** Create or update of a basic, BXGY or app code discount, with the user errors of reference §5.4. */
const save = (kind: Kind, root: string, args: Args, ctx: ResolverContext, update: boolean) => {
  const arg = argNameOf[kind];
  const input = obj(args[arg]) ?? {};
  const respond = (d: Discount | null, userErrors: UserErrorRecord[]) =>
    kind === 'app'
      ? { codeAppDiscount: d && discountView(ctx.shop, d, ctx), userErrors }
      : { codeDiscountNode: d && codeDiscountNodeView(ctx.shop, d, ctx), userErrors };
  checkTopLevel(input, root);
  const existing = update
    ? (ctx.shop.discounts.get(parseGid(str(args, 'id') ?? '', 'DiscountCodeNode') ?? -1) ?? null)
    : null;
  if (update && !existing) return respond(null, [userError(['id'], 'Discount does not exist', null)]);
  const code = str(input, 'code');
  const errors = [
    ...checkCommon(input, arg, !update),
    ...(kind === 'app' ? checkFunction(ctx, input, arg, !update) : checkCustomerGets(ctx.shop, kind, input, arg)),
    ...(kind === 'bxgy' ? checkCustomerBuys(ctx.shop, input, arg, !update) : []),
    ...checkLimits(input, arg),
  ];
  const codeErrors = update && !('code' in input) ? [] : checkCode(code, arg, !update);
  errors.push(...codeErrors);
  const renaming = existing && code !== null && code !== existing.codes.first()?.code;
  if (renaming && existing.bulkAdded)
    errors.push(userError(['id'], 'Cannot update the code of a bulk discount.', null));
  if (code !== null && codeErrors.length === 0 && (!existing || renaming))
    errors.push(...checkTaken(ctx, code, arg, existing));
  if (errors.length > 0) return respond(null, errors);
  const d = applyInput(ctx.shop, kind, input, existing, toDateTime(ctx.now));
  if (!existing) {
    ctx.shop.putDiscount(d);
    ctx.shop.addCode(d, code ?? '');
  } else if (renaming) {
    const first = d.codes.first();
    if (first) ctx.shop.renameCode(d, first, code);
  }
  ctx.shop.changed();
  return respond(d, []);
};

const byId = (args: Args, ctx: ResolverContext): Discount | null =>
  ctx.shop.discounts.get(parseGid(str(args, 'id') ?? '', 'DiscountCodeNode') ?? -1) ?? null;

const missing = [userError(['id'], 'Code discount does not exist.', 'INVALID')];

export const discountMutations = {
  discountCodeBasicCreate: (args: Args, ctx: ResolverContext) =>
    save('basic', 'discountCodeBasicCreate', args, ctx, false),
  discountCodeBasicUpdate: (args: Args, ctx: ResolverContext) =>
    save('basic', 'discountCodeBasicUpdate', args, ctx, true),
  discountCodeBxgyCreate: (args: Args, ctx: ResolverContext) =>
    save('bxgy', 'discountCodeBxgyCreate', args, ctx, false),
  discountCodeBxgyUpdate: (args: Args, ctx: ResolverContext) => save('bxgy', 'discountCodeBxgyUpdate', args, ctx, true),
  discountCodeAppCreate: (args: Args, ctx: ResolverContext) => save('app', 'discountCodeAppCreate', args, ctx, false),
  discountCodeAppUpdate: (args: Args, ctx: ResolverContext) => save('app', 'discountCodeAppUpdate', args, ctx, true),
  /** Activate clears a past `endsAt`; deactivate sets it to now (reference §4.1). No-ops change nothing. */
  discountCodeActivate: (args: Args, ctx: ResolverContext) => {
    const d = byId(args, ctx);
    if (!d) return { codeDiscountNode: null, userErrors: missing };
    if (statusOf(d, ctx.now) === 'EXPIRED') {
      d.endsAt = null;
      d.updatedAt = toDateTime(ctx.now);
      ctx.shop.changed();
    }
    return { codeDiscountNode: codeDiscountNodeView(ctx.shop, d, ctx), userErrors: [] };
  },
  discountCodeDeactivate: (args: Args, ctx: ResolverContext) => {
    const d = byId(args, ctx);
    if (!d) return { codeDiscountNode: null, userErrors: missing };
    const status = statusOf(d, ctx.now);
    if (status !== 'EXPIRED') {
      const now = toDateTime(ctx.now);
      if (status === 'SCHEDULED') d.startsAt = now;
      d.endsAt = now;
      d.updatedAt = now;
      ctx.shop.changed();
    }
    return { codeDiscountNode: codeDiscountNodeView(ctx.shop, d, ctx), userErrors: [] };
  },
  discountCodeDelete: (args: Args, ctx: ResolverContext) => {
    const d = byId(args, ctx);
    if (!d) return { deletedCodeDiscountId: null, userErrors: missing };
    ctx.shop.deleteDiscount(d.id);
    ctx.shop.changed();
    return { deletedCodeDiscountId: gid('DiscountCodeNode', d.id), userErrors: [] };
  },
};
