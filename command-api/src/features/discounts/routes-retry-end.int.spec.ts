import { discountStream, parseDomainEvent } from '@dm/events';
import { eventPositionHeader } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDiscountWorld, item, type DiscountWorld } from '../../../test/discount-world';

let world: DiscountWorld;
let admin: { cookie: string; origin: string };
let discountId: string;
let uk: number;
let de: number;

const post = (url: string, as = admin) => world.app.inject({ method: 'POST', url, headers: as });
const retry = (storeId: number, id = discountId, as = admin) =>
  post(`/api/discounts/${id}/deployments/${storeId}/retry`, as);
const end = (id = discountId, as = admin) => post(`/api/discounts/${id}/end`, as);
const eventsOf = async (id = discountId) =>
  (await world.eventStore.readStream(discountStream(id))).map(parseDomainEvent);

/** What the deployment reactor records when a store fails (it is built elsewhere; here the log is written as it would). */
const failIn = async (storeId: number, attempt: number) => {
  const stream = await world.eventStore.readStream(discountStream(discountId));
  await world.eventStore.append(
    discountStream(discountId),
    [
      {
        type: 'DiscountDeploymentFailed',
        data: {
          discountId,
          storeId,
          reason: 'Shopify: code taken',
          retryable: false,
          attempt,
          failedAt: new Date().toISOString(),
        },
      },
    ],
    { expected: stream.at(-1)!.streamVersion },
  );
};

beforeAll(async () => {
  world = await buildDiscountWorld();
  admin = await world.signInNamed('ada@x.test', [1], 'Ada', 'Admin');
  [uk, de] = [world.stores['aurora-uk']!, world.stores['aurora-de']!];
  const created = await world.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    headers: admin,
    payload: {
      name: 'Retry me',
      discountType: 'gwp',
      brandId: 1,
      storeIds: [uk, de],
      gwpConfig: { requiredType: 'product', triggerProducts: [item.shirtUk], giftProducts: [item.hat] },
    },
  });
  discountId = created.json<{ id: string }>().id;
});
afterAll(() => world.close());

describe('When a store is retried', () => {
  it('should refuse while its deployment is still pending (409)', async () => {
    const response = await retry(uk);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/still running/);
  });

  it('should ask for another attempt after a failure, once', async () => {
    await failIn(uk, 1);
    const response = await retry(uk);
    expect(response.statusCode, response.body).toBe(202);
    expect(Number(response.headers[eventPositionHeader])).toBeGreaterThan(0);
    expect((await eventsOf()).at(-1)).toEqual({
      type: 'DiscountDeploymentRequested',
      data: expect.objectContaining({ storeId: uk, attempt: 2 }),
    });
    expect((await retry(uk)).statusCode).toBe(409);
  });

  it('should answer 404 for a store that is no target, an unknown discount and a discount of another brand', async () => {
    expect((await retry(world.stores['borealis-uk']!)).statusCode).toBe(404);
    expect((await retry(uk, '7a0d3c1e-5b2f-4c8d-9e1a-2b3c4d5e6f70')).statusCode).toBe(404);
    const borealis = await world.signIn('borealis@x.test', 'admin', [2]);
    const foreign = await retry(de, discountId, borealis);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe(`Discount ${discountId} was not found.`);
  });

  it('should answer 403 to a manager and 400 to an address that is not a discount', async () => {
    const manager = await world.signIn('manager@x.test', 'manager', [1]);
    expect((await retry(de, discountId, manager)).statusCode).toBe(403);
    const bad = await post(`/api/discounts/nope/deployments/${de}/retry`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/must be a UUID/);
  });
});

describe('When a discount is ended early', () => {
  it('should record who ended it, then refuse to end it again or to retry its stores (409)', async () => {
    await failIn(de, 1);
    const response = await end();
    expect(response.statusCode, response.body).toBe(202);
    expect((await eventsOf()).at(-1)).toEqual({
      type: 'DiscountEnded',
      data: expect.objectContaining({ endedBy: { userId: 'user-ada@x.test', name: 'Ada Admin', email: 'ada@x.test' } }),
    });
    const again = await end();
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This discount has already ended.');
    const retried = await retry(de);
    expect(retried.statusCode).toBe(409);
    expect(retried.json<{ message: string }>().message).toMatch(/has ended/);
  });

  it('should answer 404 for an unknown discount and 403 to a user', async () => {
    expect((await end('7a0d3c1e-5b2f-4c8d-9e1a-2b3c4d5e6f70')).statusCode).toBe(404);
    const user = await world.signIn('user@x.test', 'user', [1]);
    expect((await end(discountId, user)).statusCode).toBe(403);
  });
});
