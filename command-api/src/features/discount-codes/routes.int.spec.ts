import { codeReservationStream, discountCodesStream, parseDomainEvent } from '@dm/events';
import { discountCodesAddedAnswerSchema, eventPositionHeader } from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDiscountWorld, type DiscountTestWorld } from '../../../test/discount-world';

type Headers = { cookie: string; origin: string };
let world: DiscountTestWorld;
let admin: Headers;
let user: Headers;
let manager: Headers;
let borealis: Headers;
let deployedId: string;
let undeployedId: string;
let uk: number;
let de: number;

const createDiscount = (name: string) => world.createHatDiscount(admin, name);
const deployIn = (discountId: string, storeId: number) => world.recordDeployed(discountId, storeId);

const addCodes = (discountId: string, payload: unknown, as: Headers = user) =>
  world.app.inject({
    method: 'POST',
    url: `/api/discounts/${discountId}/codes`,
    headers: as,
    payload: payload as object,
  });
const codeEvents = async (discountId: string) =>
  (await world.eventStore.readStream(discountCodesStream(discountId))).map(parseDomainEvent);
const holderOf = async (storeId: number, code: string) =>
  (await world.eventStore.readStream(codeReservationStream(storeId, code))).map(parseDomainEvent);

beforeAll(async () => {
  world = await buildDiscountWorld();
  admin = await world.signInNamed('ada@x.test', [1], 'Ada', 'Admin');
  user = await world.signIn('uma@x.test', 'user', [1]);
  manager = await world.signIn('max@x.test', 'manager', [1]);
  borealis = await world.signIn('bo@x.test', 'manager', [2]);
  [uk, de] = [world.stores['aurora-uk']!, world.stores['aurora-de']!];
  deployedId = await createDiscount('Deployed one');
  await deployIn(deployedId, uk);
  undeployedId = await createDiscount('Not yet');
});
afterAll(() => world.close());

describe('When a user adds codes to a deployed store', () => {
  it('should answer 201 with what was added, the duplicates skipped, and reserve each code there', async () => {
    const response = await addCodes(deployedId, {
      codes: [' IVY10, ivy10 ', 'Ivy20,'],
      stores: [uk],
      influencerName: 'Ivy',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(Number(response.headers[eventPositionHeader])).toBeGreaterThan(0);
    const answer = discountCodesAddedAnswerSchema.parse(response.json());
    expect(answer).toMatchObject({
      availableStores: [{ id: uk, name: expect.any(String) }],
      codesAdded: 2,
      duplicatesSkipped: 1,
      savedLocally: false,
      data: { codesAdded: 2, addedCodes: [{ code: 'IVY10' }, { code: 'Ivy20' }] },
    });
    expect(await codeEvents(deployedId)).toEqual([
      {
        type: 'DiscountCodesAdded',
        data: expect.objectContaining({
          codes: answer.data.addedCodes.map(({ id, code }) => ({ codeId: id, code })),
          storeIds: [uk],
          influencerName: 'Ivy',
          addedBy: { userId: 'user-uma@x.test', name: 'uma@x.test', email: 'uma@x.test' },
        }),
      },
    ]);
    expect(await holderOf(uk, 'ivy10')).toEqual([
      { type: 'CodeReserved', data: expect.objectContaining({ code: 'IVY10', discountId: deployedId }) },
    ]);
  });

  it('should answer 409 naming the code and the store when it is held there, and write nothing', async () => {
    const before = await world.eventCount();
    const response = await addCodes(deployedId, { codes: ['FRESH1', 'ivy10'], stores: [uk] });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      'This code already exists: IVY10 in Aurora GB (already a code of this discount). Nothing was added; choose other codes or stores.',
    );
    expect(await world.eventCount()).toBe(before);
  });

  it('should refuse a store the discount is not deployed in (400, naming it)', async () => {
    const response = await addCodes(deployedId, { codes: ['FRESH2'], stores: [de] });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'Aurora DE: this discount is not deployed there. Add codes to its deployed stores (Aurora GB).',
    );
  });
});

describe('When the input is not valid', () => {
  it.each([
    [{ codes: [], stores: [1] }, 'Invalid body: codes: At least one code is required.'],
    [{ codes: ' , ', stores: [1] }, 'Invalid body: codes: At least one code is required.'],
    [{ codes: ['A1'], stores: [] }, 'Invalid body: stores: Select at least one store.'],
    [{ codes: ['A1'] }, 'Invalid body: stores: Select at least one store.'],
    [
      { codes: ['GOOD,BAD CODE'], stores: [1] },
      'Invalid body: codes: code "BAD CODE" holds a space or a control character (a code is 1–255 characters without spaces or control characters).',
    ],
  ])('should answer 400 with the message for %j', async (payload, message) => {
    const response = await addCodes(deployedId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });
});

describe('When the discount is deployed nowhere yet', () => {
  it('should save the codes for its target stores, reserved there and marked as saved locally', async () => {
    const response = await addCodes(undeployedId, { codes: ['LATER1'], stores: [de] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ savedLocally: true, codesAdded: 1 });
    expect(await holderOf(de, 'LATER1')).toHaveLength(1);
  });
});

describe('When the discount is of another brand or unknown', () => {
  it('should answer 404 and write nothing', async () => {
    const before = await world.eventCount();
    expect((await addCodes(deployedId, { codes: ['B1'], stores: [uk] }, borealis)).statusCode).toBe(404);
    expect((await addCodes('00000000-0000-4000-8000-000000000000', { codes: ['B1'], stores: [uk] })).statusCode).toBe(
      404,
    );
    expect(await world.eventCount()).toBe(before);
  });
});

describe('When 20 people add the same code to the same store at once', () => {
  it('should let exactly one succeed; the 19 others get 409 naming the code and the store; one reservation', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => addCodes(deployedId, { codes: ['RACE1'], stores: [uk] })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json<{ message: string }>().message).toMatch(/RACE1 in Aurora GB/);
    expect(await holderOf(uk, 'race1')).toEqual([
      { type: 'CodeReserved', data: expect.objectContaining({ code: 'RACE1' }) },
    ]);
    const added = (await codeEvents(deployedId)).filter(
      (e) => e.type === 'DiscountCodesAdded' && e.data.codes.some((c) => c.code === 'RACE1'),
    );
    expect(added).toHaveLength(1);
  });
});

describe('When a code is deleted', () => {
  const codeIdOf = async (code: string) => {
    await world.projectors.waitForIdle();
    const { rows } = await world.db.pool.query<{ code_id: string }>(
      'SELECT code_id FROM rm.discount_codes WHERE code = $1',
      [code],
    );
    return rows[0]!.code_id;
  };
  const del = (codeId: string, as: Headers) =>
    world.app.inject({ method: 'DELETE', url: `/api/codes/${codeId}`, headers: as });

  it('should refuse a user (403) and a manager of another brand (404)', async () => {
    const codeId = await codeIdOf('Ivy20');
    expect((await del(codeId, user)).statusCode).toBe(403);
    expect((await del(codeId, borealis)).statusCode).toBe(404);
  });

  it('should let a manager delete it (202), recorded for the stores holding it; a second delete is 404', async () => {
    const codeId = await codeIdOf('Ivy20');
    const response = await del(codeId, manager);
    expect(response.statusCode, response.body).toBe(202);
    expect((await codeEvents(deployedId)).at(-1)).toEqual({
      type: 'DiscountCodeDeleted',
      data: expect.objectContaining({ codeId, code: 'Ivy20', storeIds: [uk] }),
    });
    await world.projectors.waitForIdle();
    expect((await del(codeId, manager)).statusCode).toBe(404);
    expect((await del('00000000-0000-4000-8000-000000000000', manager)).statusCode).toBe(404);
  });
});
