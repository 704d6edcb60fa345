import { eventPositionHeader, minPositionHeader } from '@dm/events/http';

/**
 * Real ids for schemathesis: random ids only ever meet 404, so a discount with codes is made first (as the admin,
 * through the gateway like the app does), and the operations on a discount, a store's deployment or a code get
 * its ids while their bodies and other fields stay random.
 */
export interface CheckWorld {
  readonly discountId: string;
  readonly storeId: number;
  readonly codeId: string;
}

export const makeCheckWorld = async (publicUrl: string, cookie: string): Promise<CheckWorld> => {
  // Each write's log position goes with the next request, as the app's client does: a read of `rm.*` behind a
  // command (the create's catalog check) then sees the write just made.
  let position: string | null = null;
  const json = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${publicUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie,
        origin: publicUrl,
        'content-type': 'application/json',
        ...(position === null ? {} : { [minPositionHeader]: position }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    position = response.headers.get(eventPositionHeader) ?? position;
    if (response.status === 202 || response.status === 204) return undefined as T;
    return (await response.json()) as T;
  };
  const products = await json<{ id: string; name: string }[]>('/api/products/all?brandId=1');
  const product = products[0];
  if (!product) throw new Error('The demo world has no product for brand 1');
  await json('/api/products/mark-for-discount', { brandId: 1, productIds: [product.id] });
  const stores = await json<{ id: number }[]>('/api/stores?brandId=1');
  const storeId = stores[0]?.id;
  if (storeId === undefined) throw new Error('The demo world has no store for brand 1');
  const { id: discountId } = await json<{ id: string }>('/api/admin/discounts', {
    name: 'Checked by schemathesis',
    discountType: 'multi',
    brandId: 1,
    storeIds: [storeId],
    multiConfig: {
      discounts: [
        { target: { type: 'product', id: product.id, name: product.name }, kind: 'percentage', amount: '10' },
      ],
    },
  });
  await json(`/api/discounts/${discountId}/codes`, { codes: ['SCHEMATHESIS1', 'SCHEMATHESIS2'], stores: [storeId] });
  // The read model follows the log: wait until the codes are there (at most ~10 s).
  for (let attempt = 0; attempt < 100; attempt++) {
    const page = await fetch(`${publicUrl}/api/discounts/${discountId}/codes`, { headers: { cookie } });
    if (page.ok) {
      const body = (await page.json()) as { data?: { id: string }[] };
      const codeId = body.data?.[0]?.id;
      if (codeId) return { discountId, storeId, codeId };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The codes of discount ${discountId} never showed up`);
};

/** schemathesis' configuration: the world's ids for the operations that take them. */
export const checkConfig = (world: CheckWorld) => `
[[operations]]
include-path-regex = "^/api/discounts/\\\\{id\\\\}"
parameters = { "path.id" = "${world.discountId}", "path.storeId" = ${world.storeId} }

[[operations]]
include-path = "/api/codes/{codeId}"
parameters = { "path.codeId" = "${world.codeId}" }
`;
