import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dataSummary,
  eventTitle,
  fieldLabel,
  formatAt,
  formatField,
  formatValue,
  subjectOf,
} from './format';

describe('audit formatting', () => {
  it('should put an event type in words', () => {
    expect(eventTitle('DiscountDeploymentFailed')).toBe('Discount deployment failed');
    expect(eventTitle('DiscountCodesAdded')).toBe('Discount codes added');
  });

  it('should name people with their email, and reactors and the system by what they are', () => {
    expect(actorLabel({ id: 'email:a@x.test', email: 'a@x.test', name: 'Ada Admin' })).toBe('Ada Admin (a@x.test)');
    expect(actorLabel({ id: 'email:a@x.test', email: 'a@x.test', name: null })).toBe('a@x.test');
    expect(actorLabel({ id: 'reactor:discount-deployment', email: null, name: null })).toBe(
      'System (deployment to the stores)',
    );
    expect(actorLabel({ id: 'reactor:code-reservation', email: null, name: null })).toBe('System (code reservation)');
    expect(actorLabel({ id: 'system', email: null, name: null })).toBe('System');
  });

  it('should write values on one line', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue('Spring')).toBe('Spring');
    expect(formatValue(2)).toBe('2');
    expect(formatValue(false)).toBe('no');
    expect(formatValue(1234)).toBe((1234).toLocaleString());
    expect(formatValue('2026-01-05T10:04:00.000Z')).toBe(
      new Date('2026-01-05T10:04:00.000Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }),
    );
    expect(formatValue([1, 2])).toBe('1, 2');
    expect(formatValue([])).toBe('none');
    expect(formatValue([{ code: 'A' }, { code: 'B' }])).toBe('(code: A), (code: B)');
    expect(formatValue({ name: 'Uma', email: 'u@x.test', note: null, ids: [], storeId: 3 })).toBe(
      'name: Uma, email: u@x.test',
    );
  });

  it("should write times in the reader's format and field names in words", () => {
    expect(formatAt('2026-01-05T10:04:00.000Z')).toBe(
      new Date('2026-01-05T10:04:00.000Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }),
    );
    expect(fieldLabel('shopifyDiscountId')).toBe('shopify discount id');
  });

  it('should sum an event up by its telling fields, not its ids and times', () => {
    expect(
      dataSummary({ gwp: { a: 1 }, name: 'Spring', storeIds: [1], discountId: 'd', createdAt: 't', seedCode: 'S' }),
    ).toBe('name: Spring · gwp: a: 1 · first code: S');
    expect(
      dataSummary({
        authType: 'replit',
        savedLocally: false,
        hash: 'abc',
        handle: 'gid://shopify/Product/1',
        email: 'a@x',
      }),
    ).toBe('email: a@x');
    expect(dataSummary({ discountId: 'd', storeId: 2, attempt: 2, reason: 'x'.repeat(70) })).toBe(
      `reason: ${'x'.repeat(60)}… · attempt: 2`,
    );
  });

  it("should write a discount's type, rules and scope in the staff's words, not the log's codes", () => {
    const rules = [
      { kind: 'percentage', amount: '10', target: { type: 'collection', id: 'c', name: 'Jackets' } },
      { kind: 'fixed', amount: '5', target: { type: 'product', id: 'p', name: 'Canyon Cap' } },
    ];
    expect(fieldLabel('seedCode')).toBe('first code');
    expect(fieldLabel('discountType')).toBe('type');
    expect(formatField('discountType', 'multi')).toBe('Multi-discount');
    expect(formatField('discountType', 'gwp')).toBe('Gift with purchase');
    expect(formatField('rules', rules)).toBe('10% off the collection Jackets; 5 off the product Canyon Cap');
    expect(formatField('productScope', { type: 'all', productIds: [], collectionIds: [] })).toBe('all products');
    expect(dataSummary({ name: 'Spring', discountType: 'multi', seedCode: 'S' })).toBe(
      'name: Spring · type: Multi-discount · first code: S',
    );
  });

  it('should name what an event is about', () => {
    expect(subjectOf({ entityKind: 'discount', data: { name: 'Spring', discountId: 'd' } })).toBe('Discount: Spring');
    expect(subjectOf({ entityKind: 'user', data: { email: 'a@x' } })).toBe('Person: a@x');
    expect(subjectOf({ entityKind: 'catalog', data: { hash: 'h' } })).toBe('Catalog');
    // A deployment names the discount's first code: that code is not the discount's name.
    expect(subjectOf({ entityKind: 'discount', data: { code: 'AX2J-KX4F', attempt: 1 } })).toBe('Discount');
    expect(subjectOf({ entityKind: 'code', data: { code: 'AX2J-KX4F' } })).toBe('Code: AX2J-KX4F');
  });
});
