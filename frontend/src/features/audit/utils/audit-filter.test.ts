import { auditFilterSchema } from '@dm/events/http';
import { describe, expect, it } from 'vitest';
import { auditFilterOf, emptyAuditFilterForm } from './audit-filter';

describe('auditFilterOf', () => {
  it('should send nothing for an empty form', () => {
    expect(auditFilterOf(emptyAuditFilterForm)).toEqual({});
  });

  it('should send what is set, in the shape the server accepts', () => {
    const filter = auditFilterOf({
      person: ' user@demo.test ',
      entity: 'discount',
      type: 'DiscountCreated',
      from: '2026-01-05T10:00',
      to: '2026-01-05T11:00',
    });
    expect(filter).toMatchObject({ person: 'user@demo.test', entity: 'discount', type: 'DiscountCreated' });
    expect(auditFilterSchema.safeParse(filter).success).toBe(true);
    expect(Date.parse(filter.to!) - Date.parse(filter.from!)).toBe(60 * 60_000 + 999);
  });
});
