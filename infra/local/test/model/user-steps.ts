import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expectAnswer, hasDiscount, pick, Step, type Model } from './model';
import { readDiscountsLog } from './run-log';
import { storeSlugs, type StoreSlug, type World } from './world';

const anyRefusal = [400, 404, 409];
const storesArb = fc.subarray([...storeSlugs], { minLength: 1 });
/** A few codes, or about one chunk (250): the chunk edges are where pushes split. */
const codeCountArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) },
  fc.integer({ min: 248, max: 253 }),
);

const createBody = (world: World, name: string, stores: readonly StoreSlug[]) => ({
  name,
  discountType: 'multi',
  description: '',
  brandId: 1,
  storeIds: stores.map((s) => world.storeIds[s]),
  createdBy: 'placeholder',
  codes: [],
  productScope: { type: 'all', productIds: [], collectionIds: [] },
  multiConfig: {
    discounts: [
      { target: { type: 'product', id: world.productId, name: world.productName }, kind: 'percentage', amount: '10' },
    ],
    tieredDiscounting: false,
    tiers: [],
    combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: false },
  },
  conditions: { startDate: '', endDate: '' },
});

export const createDiscount = fc.record({ stores: storesArb, twice: fc.boolean() }).map(
  ({ stores, twice }) =>
    new Step(
      `create a discount in ${stores.join('+')}${twice ? ', the form submitted twice at once' : ''}`,
      () => true,
      async (model, world) => {
        const name = `MBT ${world.tag} D${model.nextCode++}`;
        const key = randomUUID();
        const send = () =>
          world.api.write<{ id: string }>('POST', '/api/admin/discounts', createBody(world, name, stores), {
            'idempotency-key': key,
          });
        const answers = twice ? await Promise.all([send(), send()]) : [await send()];
        const ids = new Set(
          answers
            .map((a) => expectAnswer(world, 'create', a, [201, 409]))
            .flatMap((j, i) => (answers[i]!.status === 201 ? [j.id] : [])),
        );
        const { rows } = await world.stack.db.pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM es.events WHERE type = 'DiscountCreated' AND data->>'name' = $1`,
          [name],
        );
        if (ids.size !== 1 || Number(rows[0]!.n) !== 1) {
          throw new Error(
            `One create (${answers.length} submissions) made ${rows[0]!.n} discounts, answered ids ${[...ids].join(', ')}`,
          );
        }
        model.discounts.push({ id: [...ids][0]!, name, stores, ended: false });
      },
    ),
);

const endDiscount = fc.nat(9).map(
  (n) =>
    new Step(`end discount #${n}`, hasDiscount, async (model, world) => {
      const d = pick(model, n);
      const answer = await world.api.write('POST', `/api/discounts/${d.id}/end`);
      expectAnswer(world, 'end', answer, [202, ...anyRefusal]);
      if (answer.status === 202) d.ended = true;
    }),
);

const newCodes = (model: Model, world: World, count: number) =>
  Array.from({ length: count }, () => `M${world.tag}-${model.nextCode++}`);

const addCodes = fc.record({ n: fc.nat(9), count: codeCountArb, storeMask: fc.nat(7), caseVariant: fc.boolean() }).map(
  ({ n, count, storeMask, caseVariant }) =>
    new Step(
      `add ${count} codes to discount #${n} (stores mask ${storeMask})${caseVariant ? ', one the lower case of a code held already' : ''}`,
      hasDiscount,
      async (model, world) => {
        const d = pick(model, n);
        const chosen = d.stores.filter((_, i) => storeMask & (1 << i));
        const stores = (chosen.length ? chosen : d.stores).map((s) => world.storeIds[s]);
        const held = caseVariant && model.codes.length ? [model.codes[n % model.codes.length]!.toLowerCase()] : [];
        const codes = [...held, ...newCodes(model, world, count)];
        const answer = await world.api.write('POST', `/api/discounts/${d.id}/codes`, {
          codes: codes.join('\n'),
          stores,
        });
        expectAnswer(world, 'add codes', answer, [201, ...anyRefusal]);
        if (answer.status === 201) model.codes.push(...codes.filter((c) => !held.includes(c)));
      },
    ),
);

const importCodes = fc.record({ n: fc.nat(9), count: codeCountArb }).map(
  ({ n, count }) =>
    new Step(`import ${count} codes from a file into discount #${n}`, hasDiscount, async (model, world) => {
      const d = pick(model, n);
      const codes = newCodes(model, world, count);
      const csv = `code\n${codes.join('\n')}\n`;
      const stores = d.stores.map((s) => world.storeIds[s]);
      const answer = await world.api.write<{ type: string; message?: string }>(
        'POST',
        `/api/discounts/${d.id}/codes/import`,
        { csv, stores },
      );
      const outcome = expectAnswer(world, 'import codes', answer, [200, ...anyRefusal]);
      // A refusal can also come in the stream: the discount changed between the check and the run (say, one of
      // its stores deployed meanwhile, so a store still deploying no longer takes codes). Nothing is added then.
      if (answer.status === 200 && outcome.type === 'failed' && outcome.message?.includes('on our side'))
        world.serverErrors.push(`import: ${JSON.stringify(outcome)}`);
      if (answer.status === 200 && outcome.type === 'done') model.codes.push(...codes);
    }),
);

const deleteCode = fc.record({ n: fc.nat(9), k: fc.nat(9) }).map(
  ({ n, k }) =>
    new Step(`delete code #${k} of discount #${n}`, hasDiscount, async (model, world) => {
      const d = pick(model, n);
      const events = await readDiscountsLog(world.stack.db.pool, [d.id]);
      const deleted = new Set(events.flatMap((e) => (e.type === 'DiscountCodeDeleted' ? [String(e.data.codeId)] : [])));
      const live = events.flatMap((e) =>
        e.type === 'DiscountCodesAdded'
          ? (e.data.codes as { codeId: string }[]).filter((c) => !deleted.has(c.codeId))
          : [],
      );
      if (live.length === 0) return;
      const answer = await world.api.write('DELETE', `/api/codes/${live[k % live.length]!.codeId}`);
      expectAnswer(world, 'delete code', answer, [202, ...anyRefusal]);
    }),
);

/**
 * Two people add the same new code at the same moment to two discounts (the second in another case): the ledger
 * lets one have it per store, never both.
 */
const raceForCode = fc.record({ a: fc.nat(9), b: fc.nat(9) }).map(
  ({ a, b }) =>
    new Step(
      `add one new code to discounts #${a} and #${b} at once, in two cases`,
      hasDiscount,
      async (model, world) => {
        const [first, second] = [pick(model, a), pick(model, b)];
        const [code] = newCodes(model, world, 1);
        const add = (d: typeof first, text: string) =>
          world.api.write('POST', `/api/discounts/${d.id}/codes`, {
            codes: text,
            stores: d.stores.map((s) => world.storeIds[s]),
          });
        const answers = await Promise.all([add(first, code!), add(second, code!.toLowerCase())]);
        for (const answer of answers) expectAnswer(world, 'add codes at once', answer, [201, ...anyRefusal]);
        const overlap = first.stores.some((s) => second.stores.includes(s));
        if (overlap && answers.every((x) => x.status === 201)) {
          throw new Error(`Both adds of ${code} were accepted though the discounts share a store`);
        }
        if (answers.some((x) => x.status === 201)) model.codes.push(code!);
      },
    ),
);

/** An admin's button on one store of a discount: Retry, Re-assert or Accept Shopify's version. */
const storeAction = (action: 'retry' | 'reassert' | 'accept') =>
  fc.record({ n: fc.nat(9), s: fc.nat(9) }).map(
    ({ n, s }) =>
      new Step(`${action} discount #${n} in its store #${s}`, hasDiscount, async (model, world) => {
        const d = pick(model, n);
        const storeId = world.storeIds[d.stores[s % d.stores.length]!];
        const path =
          action === 'retry'
            ? `/api/discounts/${d.id}/deployments/${storeId}/retry`
            : `/api/discounts/${d.id}/drift/${storeId}/${action}`;
        expectAnswer(world, action, await world.api.write('POST', path), [202, 204, ...anyRefusal]);
      }),
  );

const sync = fc.record({ store: fc.constantFrom(...storeSlugs), incremental: fc.boolean() }).map(
  ({ store, incremental }) =>
    new Step(
      `${incremental ? 'incremental' : 'full'} sync of ${store}`,
      () => true,
      async (_model, world) => {
        const path = `/api/stores/${world.storeIds[store]}/code-sync/trigger`;
        expectAnswer(world, 'sync', await world.api.write('POST', path, { incremental }), [202, ...anyRefusal]);
      },
    ),
);

const single = [
  { weight: 2, arbitrary: createDiscount },
  { weight: 2, arbitrary: endDiscount },
  { weight: 1, arbitrary: raceForCode },
  { weight: 4, arbitrary: addCodes },
  { weight: 1, arbitrary: importCodes },
  { weight: 2, arbitrary: deleteCode },
  { weight: 1, arbitrary: storeAction('retry') },
  { weight: 2, arbitrary: storeAction('reassert') },
  { weight: 1, arbitrary: storeAction('accept') },
  { weight: 2, arbitrary: sync },
];

/** Two people's steps at the same moment: the interleavings a single admin never makes. */
const atOnce = fc.tuple(fc.oneof(...single), fc.oneof(...single)).map(
  ([a, b]) =>
    new Step(
      `at once: (${a.toString()}) and (${b.toString()})`,
      (m) => a.check(m) && b.check(m),
      async (model, world) => {
        await Promise.all([a.run(model, world), b.run(model, world)]);
        model.stepsRun -= 1;
      },
    ),
);

/** What staff do through the API, with weights for how often each comes up. */
export const userSteps = [...single, { weight: 3, arbitrary: atOnce }];
