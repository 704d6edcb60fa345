import type { AuditFilter } from '@dm/events/http';

export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditFilter) => [...auditKeys.all, 'list', filter] as const,
  eventTypes: () => [...auditKeys.all, 'event-types'] as const,
  history: (entity: string) => [...auditKeys.all, 'history', entity] as const,
  asOf: (discountId: string, at: string) => [...auditKeys.all, 'as-of', discountId, at] as const,
};
