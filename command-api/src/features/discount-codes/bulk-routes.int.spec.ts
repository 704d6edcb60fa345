import { codeReservationStream, discountCodesStream, parseDomainEvent } from '@dm/events';
import {
  eventPositionHeader,
  generatedCodesAnswerSchema,
  importProgressLineSchema,
  maxImportRows,
  type ImportCodesResult,
} from '@dm/events/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDiscountWorld, type DiscountTestWorld } from '../../../test/discount-world';

type Headers = { cookie: string; origin: string };
let world: DiscountTestWorld;
let admin: Headers;
let user: Headers;
let borealis: Headers;
let deployedId: string;
let otherId: string;
let undeployedId: string;
let uk: number;
let de: number;

const createDiscount = (name: string) => world.createHatDiscount(admin, name);
const deployIn = (discountId: string, storeId: number) => world.recordDeployed(discountId, storeId);

const post = (discountId: string, what: 'import' | 'generate', payload: unknown, as: Headers = user) =>
  world.app.inject({
    method: 'POST',
    url: `/api/discounts/${discountId}/codes/${what}`,
    headers: as,
    payload: payload as object,
  });
const linesOf = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => importProgressLineSchema.parse(JSON.parse(line)));
const importResult = (body: string): ImportCodesResult => {
  const last = linesOf(body).at(-1);
  if (last?.type !== 'done') throw new Error(`the import did not finish: ${body.slice(-300)}`);
  return last.result;
};
const holderOf = async (storeId: number, code: string) =>
  (await world.eventStore.readStream(codeReservationStream(storeId, code))).map(parseDomainEvent);
const addedCodes = async (discountId: string) =>
  (await world.eventStore.readStream(discountCodesStream(discountId)))
    .map(parseDomainEvent)
    .flatMap((e) =>
      e.type === 'DiscountCodesAdded' ? e.data.codes.map((c) => ({ ...c, influencer: e.data.influencerName })) : [],
    );

beforeAll(async () => {
  world = await buildDiscountWorld();
  admin = await world.signInNamed('ada@x.test', [1], 'Ada', 'Admin');
  user = await world.signIn('uma@x.test', 'user', [1]);
  borealis = await world.signIn('bo@x.test', 'manager', [2]);
  [uk, de] = [world.stores['aurora-uk']!, world.stores['aurora-de']!];
  deployedId = await createDiscount('Import target');
  await deployIn(deployedId, uk);
  await deployIn(deployedId, de);
  otherId = await createDiscount('Holder');
  await deployIn(otherId, uk);
  // What a code sync leaves: each store's synced codes in its own partition.
  for (const storeId of [uk, de]) {
    await world.db.pool.query(
      `CREATE TABLE rm.synced_codes_test_${storeId} PARTITION OF rm.synced_codes FOR VALUES IN (${storeId})`,
    );
  }
  undeployedId = await createDiscount('Not yet');
  const taken = await post(otherId, 'generate', { pattern: 'HELD-[1N]', count: 8, stores: [uk] }, admin);
  expect(taken.statusCode, taken.body).toBe(201);
});
afterAll(() => world.close());

describe('When a user imports a CSV of 1,500 codes with three bad rows', () => {
  let body: string;
  let result: ImportCodesResult;
  beforeAll(async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `IMP${i},${i < 1000 ? 'Ivy' : ''}`);
    rows[10] = 'BAD CODE,Ivy';
    rows[20] = 'imp5,Ivy';
    rows[30] = 'held-3,';
    const response = await post(deployedId, 'import', {
      csv: `code,influencer\r\n${rows.join('\r\n')}\r\n`,
      stores: [uk, de],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    body = response.body;
    result = importResult(body);
  });

  it('should add the 1,497 valid rows and report the three others with their row, code and reason', () => {
    expect(result).toMatchObject({ rowsRead: 1500, codesAdded: 1497, savedLocally: false });
    expect(result.availableStores.map((s) => s.id)).toEqual([uk, de]);
    expect(result.rejected).toEqual([
      { row: 12, code: 'BAD CODE', reason: 'The code holds a space or a control character' },
      { row: 22, code: 'imp5', reason: 'The same code as row 7' },
      { row: 32, code: 'held-3', reason: 'Already used in Aurora GB' },
    ]);
  });

  it('should stream progress before the result, and end with the log position', () => {
    const lines = linesOf(body);
    expect(lines.some((l) => l.type === 'progress' && l.phase === 'checking' && l.done === l.total)).toBe(true);
    expect(lines.at(-1)).toMatchObject({ type: 'done', position: expect.stringMatching(/^\d+$/) });
  });

  it('should record the codes by influencer, at most 1,000 an event, and reserve each in both stores', async () => {
    const added = await addedCodes(deployedId);
    expect(added).toHaveLength(1497);
    expect(added.filter((c) => c.influencer === 'Ivy')).toHaveLength(997);
    const events = (await world.eventStore.readStream(discountCodesStream(deployedId))).map(parseDomainEvent);
    expect(events.map((e) => (e.type === 'DiscountCodesAdded' ? e.data.codes.length : 0))).toEqual([997, 500]);
    expect(await holderOf(de, 'imp1499')).toEqual([
      { type: 'CodeReserved', data: expect.objectContaining({ code: 'IMP1499', discountId: deployedId }) },
    ]);
    expect(await holderOf(uk, 'held-3')).toEqual([
      { type: 'CodeReserved', data: expect.objectContaining({ discountId: otherId }) },
    ]);
  });

  it("should reject every row of the same file imported again, as already this discount's, adding nothing", async () => {
    const before = await world.eventCount();
    const response = await post(deployedId, 'import', { csv: 'IMP1\nIMP2', stores: [uk] });
    expect(importResult(response.body)).toMatchObject({
      codesAdded: 0,
      rejected: [
        { row: 1, code: 'IMP1', reason: 'Already used in Aurora GB (this discount)' },
        { row: 2, code: 'IMP2', reason: 'Already used in Aurora GB (this discount)' },
      ],
    });
    expect(await world.eventCount()).toBe(before);
  });
});

describe('When a file has no header row', () => {
  it('should take the first row as a code', async () => {
    const response = await post(undeployedId, 'import', { csv: 'FIRST1,Zoe\n"SECOND,1"\n\n', stores: [de] });
    expect(importResult(response.body)).toMatchObject({
      rowsRead: 2,
      codesAdded: 1,
      savedLocally: true,
      rejected: [{ row: 2, code: 'SECOND,1', reason: 'The code holds a comma' }],
    });
    expect(await addedCodes(undeployedId)).toEqual([expect.objectContaining({ code: 'FIRST1', influencer: 'Zoe' })]);
  });
});

describe('When two imports of the same codes race', () => {
  it('should give each code to exactly one of them', async () => {
    const csv = Array.from({ length: 300 }, (_, i) => `RACE${i}`).join('\n');
    const [a, b] = await Promise.all([
      post(deployedId, 'import', { csv, stores: [uk] }),
      post(otherId, 'import', { csv, stores: [uk] }),
    ]);
    const added = [importResult(a.body).codesAdded, importResult(b.body).codesAdded];
    expect(added[0]! + added[1]!).toBe(300);
    const holders = await Promise.all([0, 150, 299].map((i) => holderOf(uk, `race${i}`)));
    for (const h of holders) expect(h).toHaveLength(1);
  });
});

describe('When the import request is not valid', () => {
  const csv = 'A1';
  it.each<[{ csv?: string; stores?: number[] }, string]>([
    [{ csv: '', stores: [1] }, 'Invalid body: csv: The file is empty: it needs one code per row.'],
    [{ csv }, 'Invalid body: stores: Select at least one store.'],
    [{ stores: [1] }, 'Invalid body: csv: Choose a CSV file to import.'],
    [
      { csv: 'A1\n"B2', stores: [1] },
      'The file is not valid CSV: Quote Not Closed: the parsing is finished with an opening quote at line 2.',
    ],
    [
      { csv: 'x'.repeat(10 * 1024 * 1024 + 1), stores: [1] },
      'Invalid body: csv: The file is larger than 10 MB; split it into smaller files.',
    ],
    [
      { csv: 'A\n'.repeat(maxImportRows + 1), stores: [1] },
      'The file has 100,001 rows; import at most 100,000 at once.',
    ],
  ])('should answer 400 with a message for %#', async (payload, message) => {
    const response = await post(deployedId, 'import', { ...payload, stores: payload.stores?.map(() => uk) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('should answer 413 naming the limit for a body over 21 MB', async () => {
    const response = await post(deployedId, 'import', { csv: 'x'.repeat(22 * 1024 * 1024), stores: [uk] });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe(
      'The file is larger than 10 MB. Split it into smaller files and import each.',
    );
  });

  it('should answer 400 for a store the discount is not deployed in, 404 for another brand, writing nothing', async () => {
    const before = await world.eventCount();
    const wrongStore = await post(otherId, 'import', { csv, stores: [de] });
    expect(wrongStore.statusCode).toBe(400);
    expect(wrongStore.json<{ message: string }>().message).toMatch(/Aurora DE: this discount is not deployed there/);
    expect((await post(deployedId, 'import', { csv, stores: [uk] }, borealis)).statusCode).toBe(404);
    expect(await world.eventCount()).toBe(before);
  });

  it('should answer 401 without a session', async () => {
    expect(
      (await post(deployedId, 'import', { csv, stores: [uk] }, { cookie: '', origin: admin.origin })).statusCode,
    ).toBe(401);
  });
});

describe('When a user generates codes from a pattern', () => {
  it('should add that many distinct codes of the pattern, reserved in each chosen store', async () => {
    const response = await post(deployedId, 'generate', {
      pattern: 'SUMMER-[6LN]',
      count: 200,
      stores: [uk, de],
      influencerName: 'Max',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(Number(response.headers[eventPositionHeader])).toBeGreaterThan(0);
    const answer = generatedCodesAnswerSchema.parse(response.json());
    expect(answer.codesAdded).toBe(200);
    expect(new Set(answer.codes.map((c) => c.code)).size).toBe(200);
    for (const { code } of answer.codes) expect(code).toMatch(/^SUMMER-[A-Z0-9]{6}$/);
    expect(await holderOf(de, answer.codes[0]!.code)).toHaveLength(1);
  });

  it('should leave out codes held in the ledger or known to the store, and refuse when too few are free', async () => {
    await world.db.pool.query(
      "INSERT INTO rm.synced_codes (store_id, code_id, code, discount_id, code_folded) VALUES ($1, 'gid://1', 'held-4', 'gid://d', 'held-4')",
      [uk],
    );
    const tooMany = await post(deployedId, 'generate', { pattern: 'HELD-[1N]', count: 1, stores: [uk] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ message: string }>().message).toBe(
      'Only 0 codes of HELD-[1N] are free in these stores; ask for fewer codes or use a longer pattern. Nothing was added.',
    );
    const some = await post(deployedId, 'generate', { pattern: 'N[1N]', count: 8, stores: [uk] });
    expect(some.statusCode, some.body).toBe(201);
    const response = await post(otherId, 'generate', { pattern: 'N[1N]', count: 1, stores: [uk] });
    expect(response.statusCode).toBe(409);
  });

  it('should pick only free codes of a small pattern', async () => {
    await world.db.pool.query(
      "INSERT INTO rm.synced_codes (store_id, code_id, code, discount_id, code_folded) VALUES ($1, 'gid://2', 'p7', 'gid://d', 'p7')",
      [de],
    );
    const response = await post(deployedId, 'generate', { pattern: 'P[1N]', count: 7, stores: [uk, de] });
    expect(response.statusCode, response.body).toBe(201);
    expect(
      generatedCodesAnswerSchema
        .parse(response.json())
        .codes.map((c) => c.code)
        .sort(),
    ).toEqual(['P2', 'P3', 'P4', 'P5', 'P6', 'P8', 'P9']);
  });

  it.each([
    [
      { pattern: 'SUMMER', count: 1 },
      'Invalid body: pattern: The pattern needs at least one group, for example [6LN].',
    ],
    [
      { pattern: 'A-[6X]', count: 1 },
      'Invalid body: pattern: Write each group as [nL] (letters), [nN] (digits) or [nLN] (both), for example SUMMER-[6LN].',
    ],
    [
      { pattern: 'A B-[2N]', count: 1 },
      "Invalid body: pattern: The pattern's text holds a space or a control character.",
    ],
    [{ pattern: 'A-[33N]', count: 1 }, 'Invalid body: pattern: [33N]: a group holds 1 to 32 characters.'],
    [
      { pattern: 'A-[2N]', count: 65 },
      'Invalid body: count: A-[2N] can make only 64 codes; use a longer pattern or fewer codes.',
    ],
    [{ pattern: 'A-[2N]', count: 0 }, 'Invalid body: count: Make at least one code.'],
    [{ pattern: 'A-[8N]', count: 10_001 }, 'Invalid body: count: At most 10,000 codes at once.'],
  ])('should answer 400 for %j', async (payload, message) => {
    const response = await post(deployedId, 'generate', { ...payload, stores: [uk] });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('should answer 404 for a discount of another brand', async () => {
    expect(
      (await post(deployedId, 'generate', { pattern: 'B-[4N]', count: 1, stores: [uk] }, borealis)).statusCode,
    ).toBe(404);
  });
});
