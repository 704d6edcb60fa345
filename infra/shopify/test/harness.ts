import { ManualClock, startShopifyEmulator, type ShopifyEmulator, type ShopifyEmulatorOptions } from '../src/index';

/** Shops shaped like the demo world's stores (the emulator takes them as configuration). */
export const testShops = [
  { slug: 'aurora-uk', brandId: 1, countryCode: 'GB' },
  { slug: 'aurora-de', brandId: 1, countryCode: 'DE' },
  { slug: 'borealis-us', brandId: 2, countryCode: 'US' },
] as const;

export interface TestEmulator {
  readonly emulator: ShopifyEmulator;
  readonly clock: ManualClock;
  gql(
    query: string,
    variables?: Record<string, unknown>,
    options?: { slug?: string; token?: string; version?: string },
  ): Promise<GqlAnswer>;
}

export interface GqlAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[] | string;
    extensions?: {
      cost: {
        requestedQueryCost: number;
        actualQueryCost: number | null;
        throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
      };
      search?: unknown[];
    };
  };
}

export const startTestEmulator = async (options: Partial<ShopifyEmulatorOptions> = {}): Promise<TestEmulator> => {
  const clock = new ManualClock();
  const emulator = await startShopifyEmulator({
    shops: testShops,
    codesPerShop: 300,
    clock,
    jobs: { mode: 'manual' },
    ...options,
  });
  const gql: TestEmulator['gql'] = async (query, variables, opts = {}) => {
    const slug = opts.slug ?? 'aurora-uk';
    const response = await fetch(`${emulator.url}/admin/api/${opts.version ?? '2026-07'}/graphql.json`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': opts.token ?? emulator.tokens[slug] ?? '',
        'x-emulated-shop': `${slug}.myshopify.com`,
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as GqlAnswer['body'] };
  };
  return { emulator, clock, gql };
};

/** A field of `data` as a loosely typed record, for assertions. */
export const field = (answer: GqlAnswer, name: string): Record<string, unknown> =>
  (answer.body.data?.[name] ?? null) as Record<string, unknown>;
