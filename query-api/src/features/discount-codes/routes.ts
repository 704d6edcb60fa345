import { foldCode, NotFoundError, ValidationError } from '@dm/events';
import {
  checkCodesAnswerSchema,
  checkCodesBodySchema,
  discountCodesPageSchema,
  discountCodesQuerySchema,
  discountIdParamsSchema,
} from '@dm/events/http';
import type { ShopifyAdapter } from '@dm/shopify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../shared/caller';
import { askShopify } from './ask-shopify';
import { availabilityAnswer, findDiscount, findHoldings, findStores, listDiscountCodes } from './queries';
import { findSyncedCodes, freshlySyncedStores } from './synced-cache';

export interface DiscountCodesRoutesOptions {
  /**
   * Asked about codes our ledger does not hold in stores whose synced cache is stale; without it the ledger and
   * the cache alone answer.
   */
  readonly shopify?: ShopifyAdapter;
  /** How long the check waits for Shopify before it answers without the stores not answered (default 5 s). */
  readonly shopifyTimeLimitMs?: number;
}

const notFound = () => new NotFoundError('This discount was not found.');

/**
 * Reads of discount codes (spec 001 §2.5, §7; issue 12): the paged, searched list, and the read-only availability
 * check (a POST for the spec's sake; the gateway routes it here).
 */
export const discountCodesRoutes: FastifyPluginAsyncZod<DiscountCodesRoutesOptions> = async (app, options) => {
  app.get(
    '/api/discounts/:id/codes',
    {
      schema: {
        params: discountIdParamsSchema,
        querystring: discountCodesQuerySchema,
        response: { 200: discountCodesPageSchema },
      },
    },
    async (request) => {
      const discount = await findDiscount(app.pipelined, callerOf(request).brandIds, request.params.id);
      if (!discount) throw notFound();
      return listDiscountCodes(app.pipelined, discount, request.query);
    },
  );

  app.post(
    '/api/discounts/:id/codes/check-availability',
    {
      schema: { params: discountIdParamsSchema, body: checkCodesBodySchema, response: { 200: checkCodesAnswerSchema } },
    },
    async (request) => {
      const discount = await findDiscount(app.pipelined, callerOf(request).brandIds, request.params.id);
      if (!discount) throw notFound();
      const { codes, stores: storeIds } = request.body;
      const stores = (await findStores(app.pipelined, storeIds)).filter((s) => s.brandId === discount.brandId);
      const unknown = storeIds.filter((id) => !stores.some((s) => s.id === id));
      if (unknown.length > 0) {
        throw new ValidationError(`Store ${unknown.slice(0, 5).join(', ')}: not a store of this discount's brand.`);
      }
      stores.sort((a, b) => storeIds.indexOf(a.id) - storeIds.indexOf(b.id));
      const [holdings, fresh] = await Promise.all([
        findHoldings(app.pipelined, storeIds, codes.codes),
        freshlySyncedStores(app.pipelined, storeIds),
      ]);
      const held = new Map(holdings.map((h) => [`${h.storeId}:${h.codeFolded}`, h]));
      const heldBy = (storeId: number, code: string) => held.get(`${storeId}:${foldCode(code)}`)?.discountName ?? null;
      const stale = stores.filter((s) => !fresh.has(s.id));
      const [inCache, shopify] = await Promise.all([
        findSyncedCodes(app.pipelined, [...fresh], codes.codes),
        options.shopify && stale.length > 0
          ? askShopify(options.shopify, stale, codes.codes, heldBy, {
              timeLimitMs: options.shopifyTimeLimitMs ?? 5_000,
              log: request.log,
            })
          : { exists: () => false, unchecked: [] },
      ]);
      const answer = availabilityAnswer(stores, codes.codes, (storeId, code) => {
        const name = heldBy(storeId, code);
        if (name !== null) return name;
        return inCache(storeId, code) || shopify.exists(storeId, code) ? 'exists in Shopify' : null;
      });
      return { ...answer, unchecked: [...shopify.unchecked] };
    },
  );
};
