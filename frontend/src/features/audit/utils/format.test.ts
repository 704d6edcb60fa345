import { describe, expect, it } from 'vitest';
import { actorLabel, dataSummary, eventTitle, fieldLabel, formatAt, formatValue } from './format';

describe('audit formatting', () => {
  it('should put an event type in words', () => {
    expect(eventTitle('DiscountDeploymentFailed')).toBe('Discount deployment failed');
    expect(eventTitle('DiscountCodesAdded')).toBe('Discount codes added');
  });

  it('should name people with their email, and reactors and the system by what they are', () => {
    expect(actorLabel({ id: 'email:a@x.test', email: 'a@x.test', name: 'Ada Admin' })).toBe('Ada Admin (a@x.test)');
    expect(actorLabel({ id: 'email:a@x.test', email: 'a@x.test', name: null })).toBe('a@x.test');
    expect(actorLabel({ id: 'reactor:discount-deployment', email: null, name: null })).toBe(
      'System (discount-deployment)',
    );
    expect(actorLabel({ id: 'system', email: null, name: null })).toBe('System');
  });

  it('should write values on one line', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue('Spring')).toBe('Spring');
    expect(formatValue(2)).toBe('2');
    expect(formatValue(false)).toBe('false');
    expect(formatValue([1, 2])).toBe('1, 2');
    expect(formatValue([])).toBe('none');
    expect(formatValue([{ code: 'A' }, { code: 'B' }])).toBe('(code: A), (code: B)');
    expect(formatValue({ name: 'Uma', email: 'u@x.test', note: null, ids: [] })).toBe('name: Uma, email: u@x.test');
  });

  it('should write times in UTC and field names in words', () => {
    expect(formatAt('2026-01-05T10:04:00.000Z')).toBe('5 Jan 2026, 10:04:00 UTC');
    expect(fieldLabel('shopifyDiscountId')).toBe('shopify discount id');
  });

  it('should sum an event up by its telling fields, not its ids and times', () => {
    expect(
      dataSummary({ gwp: { a: 1 }, name: 'Spring', storeIds: [1], discountId: 'd', createdAt: 't', seedCode: 'S' }),
    ).toBe('name: Spring · gwp: a: 1 · seed code: S');
    expect(dataSummary({ discountId: 'd', storeId: 2, attempt: 2, reason: 'x'.repeat(70) })).toBe(
      `reason: ${'x'.repeat(60)}… · attempt: 2`,
    );
  });
});
