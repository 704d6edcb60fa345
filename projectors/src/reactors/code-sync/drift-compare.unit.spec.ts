import { describe, expect, it } from 'vitest';
import { fieldDifferences, statusAt, type OurDeployment } from './drift-compare';

const now = new Date('2026-11-24T12:00:00.000Z');
const ours: OurDeployment = {
  discountId: '11111111-1111-4111-8111-111111111111',
  brandId: 1,
  shopifyDiscountId: 'gid://shopify/DiscountCodeNode/1',
  code: 'SPRING',
  ended: false,
  title: 'Spring',
  startsAt: '2026-03-01T09:00:00.000Z',
  endsAt: null,
  driftState: null,
  lastDifferences: null,
};
const same = { title: 'Spring', startsAt: '2026-03-01T09:00:00Z', endsAt: null };

describe('When the store holds our title and dates (Shopify keeps instants to the second)', () => {
  it('should find no difference', () => {
    expect(fieldDifferences(ours, same, now)).toEqual([]);
    expect(fieldDifferences({ ...ours, startsAt: '2026-03-01T09:00:00.400Z' }, same, now)).toEqual([]);
  });
});

describe('When the title and the end were edited in the store', () => {
  it('should name both with our value and Shopify’s', () => {
    expect(fieldDifferences(ours, { ...same, title: 'Spring!', endsAt: '2026-12-01T00:00:00Z' }, now)).toEqual([
      { field: 'title', ours: 'Spring', shopify: 'Spring!' },
      { field: 'endsAt', ours: null, shopify: '2026-12-01T00:00:00Z' },
    ]);
  });
});

describe('When our discount was ended', () => {
  const ended = { ...ours, ended: true };

  it('should accept any end in the past (deactivation set it), and report one reopened in the store', () => {
    expect(fieldDifferences(ended, { ...same, endsAt: '2026-11-01T10:00:00Z' }, now)).toEqual([]);
    expect(fieldDifferences(ended, { ...same, endsAt: null }, now)).toEqual([
      { field: 'status', ours: 'EXPIRED', shopify: 'ACTIVE' },
    ]);
  });
});

describe('When a status is computed from the dates', () => {
  it('should be SCHEDULED before the start, EXPIRED from the end, ACTIVE between', () => {
    expect(statusAt('2026-12-01T00:00:00Z', null, now)).toBe('SCHEDULED');
    expect(statusAt(null, '2026-11-24T12:00:00Z', now)).toBe('EXPIRED');
    expect(statusAt('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', now)).toBe('ACTIVE');
  });
});
