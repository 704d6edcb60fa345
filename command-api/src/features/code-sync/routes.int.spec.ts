import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../command-bus';
import { buildCatalogWorld, type CatalogWorld } from '../../../test/catalog-world';

// The catalog world has no code-sync reactor: a requested sync stays in progress, which is what these rules need.
let world: CatalogWorld;
let admin: { cookie: string; origin: string };

const trigger = (storeId: number, body: unknown, as = admin) =>
  world.app.inject({
    method: 'POST',
    url: `/api/stores/${storeId}/code-sync/trigger`,
    headers: { cookie: as.cookie, origin: as.origin },
    payload: body as Record<string, unknown>,
  });

beforeAll(async () => {
  world = await buildCatalogWorld();
  admin = await world.signIn('admin@x.test', 'admin', [1]);
}, 60_000);
afterAll(async () => world.close());

describe('When an admin triggers a sync of one of their stores', () => {
  it('should answer 202 at once with the sync id, and 409 to a second trigger while it progresses', async () => {
    const first = await trigger(world.stores['aurora-uk']!, { incremental: false });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ syncId: expect.any(String), resumed: false });
    const second = await trigger(world.stores['aurora-uk']!, { incremental: false });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toMatch(/already in progress .* Wait for it to finish\./);
  });

  it('should refuse an incremental sync before a full sync has completed', async () => {
    const response = await trigger(world.stores['aurora-de']!, { incremental: true });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/no completed full sync yet/);
  });
});

describe('When the store cannot be synced', () => {
  it('should refuse a store without a token or an inactive one (409), and a foreign store (404)', async () => {
    const noToken = await trigger(world.stores['aurora-fr']!, { incremental: false });
    expect(noToken.statusCode).toBe(409);
    expect(noToken.json<{ message: string }>().message).toMatch(
      /Aurora FR is not connected to Shopify yet.*Admin API access token/,
    );
    await world.app.commands.setStoreActive({ storeId: world.stores['aurora-us']!, isActive: false }, systemActor);
    const inactive = await trigger(world.stores['aurora-us']!, { incremental: false });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json<{ message: string }>().message).toMatch(/is inactive/);
    expect((await trigger(world.stores['borealis-uk']!, { incremental: false })).statusCode).toBe(404);
    expect((await trigger(999, { incremental: false })).statusCode).toBe(404);
  });

  it('should answer 400 to a body without incremental, and 403 to a manager', async () => {
    const bad = await trigger(world.stores['aurora-de']!, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/incremental is required/);
    const manager = await world.signIn('manager@x.test', 'manager', [1]);
    expect((await trigger(world.stores['aurora-de']!, { incremental: false }, manager)).statusCode).toBe(403);
  });
});
