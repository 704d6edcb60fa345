import type { DiscountCodesPage } from '@dm/events/http';

/** A deployed store of the discount, as the codes list names it (spec 001 §3 `availableStores`). */
export type CodeStore = DiscountCodesPage['availableStores'][number];
