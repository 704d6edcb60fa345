import type { CreateDiscountInput, PreflightAnswer, PreviewAnswer } from '@dm/events/http';
import type pg from 'pg';
import { combinesWithOf } from '../decide-create';
import { catalogTargetsOf } from '../preflight';
import { exampleCartsOf } from './example-carts';
import { readPreviewCatalogs } from './read-catalog';
import { readOverlappingDiscounts } from './read-overlapping';
import { discountWarningsOf, storeWarningsOf } from './warnings';

/**
 * The preview of a discount (decision 1410): the pre-flight, with per store example carts priced as Shopify
 * would price them there and the warnings they raise. Reads the catalog; records nothing.
 */
export const previewOf = async (
  db: pg.Pool,
  input: CreateDiscountInput,
  preflight: PreflightAnswer,
  now: Date,
  excluding?: string,
): Promise<PreviewAnswer> => {
  const targets = catalogTargetsOf(input);
  const idsOf = (kind: 'product' | 'collection') => targets.filter((t) => t.kind === kind).map((t) => t.id);
  const catalogs = await readPreviewCatalogs(
    db,
    input.brandId,
    preflight.stores.map((s) => s.storeId),
    { product: idsOf('product'), collection: idsOf('collection') },
  );
  const stores = preflight.stores.map((store) => {
    const catalog = catalogs.get(store.storeId)!;
    const examples = exampleCartsOf(input, catalog);
    return {
      ...store,
      currencyCode: catalog.currencyCode,
      currencySymbol: catalog.currencySymbol,
      carts: examples.carts,
      warnings: storeWarningsOf(input, catalog, examples, catalog.currencySymbol),
    };
  });
  const combines = combinesWithOf(input).orderDiscounts;
  const overlapping = combines
    ? await readOverlappingDiscounts(
        db,
        input.brandId,
        targets.map((t) => t.id),
        now,
        excluding,
      )
    : [];
  return {
    stores,
    deployableStoreIds: preflight.deployableStoreIds,
    warnings: discountWarningsOf(input, now, combines, overlapping),
  };
};
