import { randomUUID } from 'node:crypto';
import { discountDriftStream, parseDomainEvent } from '@dm/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';

let t: TestApp;
type Caller = { cookie: string; origin: string };
let admin: Caller;
let otherBrandAdmin: Caller;
let manager: Caller;
const discountId = randomUUID();
const storeId = 4;
const stream = discountDriftStream(discountId, storeId);

const post = (action: 'reassert' | 'accept', as: Caller, id = discountId) =>
  t.app.inject({ method: 'POST', url: `/api/discounts/${id}/drift/${storeId}/${action}`, headers: as });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn('ada@x.test', 'admin', [1]);
  otherBrandAdmin = await t.signIn('bo@x.test', 'admin', [2]);
  manager = await t.signIn('max@x.test', 'manager', [1]);
  // What the code-sync reactor records after a sync that found a code missing in store 4.
  await t.eventStore.append(
    stream,
    [
      {
        type: 'DiscountDriftDetected',
        data: {
          discountId,
          storeId,
          brandId: 1,
          syncId: randomUUID(),
          shopifyDiscountId: 'gid://shopify/DiscountCodeNode/9',
          differences: {
            deleted: false,
            missingCodes: ['SPRING-1'],
            missingCodeCount: 1,
            unexpectedCodes: [],
            unexpectedCodeCount: 0,
            fields: [],
          },
          detectedAt: new Date().toISOString(),
        },
      },
    ],
    { expected: 'no_stream' },
  );
});
afterAll(() => t.close());

describe('When someone outside the rules acts on a drift', () => {
  it('should refuse a manager (403) and an admin of another brand (404), recording nothing', async () => {
    expect((await post('reassert', manager)).statusCode).toBe(403);
    const foreign = await post('accept', otherBrandAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: `No drift of discount ${discountId} in store ${storeId} was found.` });
    expect((await post('reassert', admin, randomUUID())).statusCode).toBe(404);
    expect(await t.eventStore.readStream(stream)).toHaveLength(1);
  });
});

describe('When an admin re-asserts, then tries again and accepts meanwhile', () => {
  it('should record one request (202 with its id) and refuse the rest with 409', async () => {
    const first = await post('reassert', admin);
    expect(first.statusCode).toBe(202);
    const { requestId } = first.json<{ requestId: string }>();
    const again = await post('reassert', admin);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/being put back in store 4/);
    expect((await post('accept', admin)).statusCode).toBe(409);
    const events = (await t.eventStore.readStream(stream)).map(parseDomainEvent);
    expect(events.at(-1)).toMatchObject({
      type: 'DiscountDriftReassertRequested',
      data: { requestId, differences: { missingCodes: ['SPRING-1'] }, requestedBy: { email: 'ada@x.test' } },
    });
  });

  it('should let the admin accept once the re-assertion failed (204), and then find nothing left to accept', async () => {
    const requested = parseDomainEvent((await t.eventStore.readStream(stream)).at(-1)!);
    if (requested.type !== 'DiscountDriftReassertRequested') throw new Error('no request recorded');
    await t.eventStore.append(
      stream,
      [
        {
          type: 'DiscountDriftReassertFailed',
          data: {
            discountId,
            storeId,
            requestId: requested.data.requestId,
            reason: 'Shopify is down',
            failedAt: new Date().toISOString(),
          },
        },
      ],
      { expected: 'any' },
    );
    expect((await post('accept', admin)).statusCode).toBe(204);
    const last = await post('accept', admin);
    expect(last.statusCode).toBe(409);
    expect(last.json<{ message: string }>().message).toMatch(/nothing to accept/);
  });
});
