import type { DiscountCode, DiscountCodesPage } from '@dm/events/http';

type CodeStoreRow = DiscountCode['stores'][number];

/** A deployed store as the codes list names it: 'Aurora 1' in country 'C1'. */
export const aCodeStore = (id: number) => ({
  id,
  name: `Aurora ${id}`,
  countryCode: `C${id}`,
  urlSlug: `aurora-${id}`,
});

export const inStore = (storeId: number, state: CodeStoreRow['state'] = 'live', reason: string | null = null) => ({
  storeId,
  storeName: `Aurora ${storeId}`,
  isActive: state === 'live',
  state,
  reason,
});

/** A code with a readable id from a small number, live in store 1. */
export const aCode = (n: number, overrides: Partial<DiscountCode> = {}): DiscountCode => ({
  id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  code: `CODE-${n}`,
  createdAt: new Date(2025, 0, 5, 14, 7).toISOString(),
  addedAt: new Date(2025, 0, 5, 14, 7).toISOString(),
  influencerName: null,
  createdByUser: { name: 'Uma User', email: 'user@demo.test' },
  deleted: false,
  firstCode: false,
  stores: [inStore(1)],
  ...overrides,
});

export const aCodesPage = (
  codes: DiscountCode[],
  storeIds: number[] = [1, 2],
  total = codes.length,
): DiscountCodesPage => ({
  data: codes,
  availableStores: storeIds.map(aCodeStore),
  total,
  totalPages: Math.max(1, Math.ceil(total / 50)),
});
