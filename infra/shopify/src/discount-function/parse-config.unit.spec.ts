import { describe, expect, it } from 'vitest';
import { rulesConfigSchema } from './config';
import { parseRulesConfig } from './parse-config';

/** What zod answers for a configuration: its copy when it accepts it, null when it refuses it. */
const byZod = (value: unknown) => {
  const parsed = rulesConfigSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const rule = { value: { percentage: 20 }, appliesTo: { productIds: ['gid://shopify/Product/1'] } };
const config = { version: 1, rules: [rule] };

/** Values of every kind a field might wrongly (or rightly) hold. */
const odd: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  -1,
  0.5,
  1,
  1.5,
  2,
  100,
  100.5,
  101,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  '',
  'x',
  '0',
  '10',
  '10.5',
  '10.',
  '.5',
  '-1',
  '1e3',
  ' 10',
  [],
  [''],
  ['gid://shopify/Product/1'],
  ['a', 'b'],
  [1],
  ['a', null],
  // A hole: zod reads it as undefined, so the array is refused.
  // eslint-disable-next-line no-sparse-arrays
  ['a', , 'b'],
  {},
  { percentage: 20 },
  { amount: '5' },
  { all: true },
];

const withField = (base: Record<string, unknown>, key: string, value: unknown) => {
  const copy = { ...base };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
};

/** The same config with one field of a rule (or of its value or target) replaced by each odd value. */
const variations = (): unknown[] => {
  const out: unknown[] = [];
  for (const v of odd) {
    for (const key of ['title', 'value', 'appliesTo', 'minimumSubtotal', 'minimumQuantity', 'extra'])
      out.push({ ...config, rules: [withField(rule, key, v)] });
    for (const key of ['percentage', 'amount'])
      out.push({ ...config, rules: [{ ...rule, value: withField(rule.value, key, v) }] });
    for (const key of ['all', 'productIds', 'variantIds', 'collectionIds'])
      out.push({ ...config, rules: [{ ...rule, appliesTo: withField({}, key, v) }] });
    out.push({ ...config, rules: [{ ...rule, appliesTo: { all: false, collectionIds: ['c'], productIds: v } }] });
    out.push({ ...config, rules: [{ ...rule, value: { percentage: v, amount: '7.25' } }] });
    for (const key of ['version', 'rules', 'collectionIds', 'unknown']) out.push(withField(config, key, v));
    out.push({ ...config, rules: [rule, v] });
    out.push(v);
  }
  return out;
};

const good: unknown[] = [
  config,
  {
    version: 1,
    collectionIds: ['gid://shopify/Collection/7'],
    rules: [
      { title: 'Spring', value: { amount: '12.50' }, appliesTo: { all: true }, minimumSubtotal: '100' },
      { value: { percentage: 100 }, appliesTo: { variantIds: ['v'] }, minimumQuantity: 3 },
      { value: { percentage: 0.01 }, appliesTo: { collectionIds: ['gid://shopify/Collection/7'] } },
    ],
  },
  // Keys the schema does not name are dropped; a percentage beside an amount wins (the union's first shape).
  {
    version: 1,
    source: 'x',
    rules: [{ value: { percentage: 5, amount: '9' }, appliesTo: { all: true, productIds: ['p'] }, note: 1 }],
  },
];

describe('When the Function checks its configuration without zod', () => {
  it('should accept the configurations zod accepts, with the same copy', () => {
    for (const value of good) {
      expect(byZod(value)).not.toBeNull();
      expect(parseRulesConfig(value)).toEqual(byZod(value));
    }
  });

  it('should agree with rulesConfigSchema on every variation of a field, accepted or refused', () => {
    const cases = variations();
    const disagreements = cases.filter((value) => {
      const ours = parseRulesConfig(value);
      const theirs = byZod(value);
      return JSON.stringify(ours) !== JSON.stringify(theirs) || (ours === null) !== (theirs === null);
    });
    expect(disagreements).toEqual([]);
    // Both answers occur, so the comparison is not all on one side.
    expect(cases.filter((c) => byZod(c) === null).length).toBeGreaterThan(100);
    expect(cases.filter((c) => byZod(c) !== null).length).toBeGreaterThan(50);
  });
});
