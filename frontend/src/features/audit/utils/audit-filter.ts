import type { AuditFilter } from '@dm/events/http';
import { instantOf, localValueOf } from './as-of-input';

/** What the filter form holds: text as typed, '' or 'all' for no filter, times as the pickers give them. */
export type AuditFilterForm = { person: string; entity: string; type: string; from: string; to: string };

export const emptyAuditFilterForm: AuditFilterForm = { person: '', entity: 'all', type: 'all', from: '', to: '' };

/** The form as the API's filter: only what is set. `to` takes its second to the end, as the as-of picker does. */
export const auditFilterOf = (form: AuditFilterForm): AuditFilter => {
  const from = form.from ? new Date(form.from) : null;
  const to = instantOf(form.to);
  return {
    ...(form.person.trim() ? { person: form.person.trim() } : {}),
    ...(form.entity !== 'all' ? { entity: form.entity } : {}),
    ...(form.type !== 'all' ? { type: form.type } : {}),
    ...(from && !Number.isNaN(from.getTime()) ? { from: from.toISOString() } : {}),
    ...(to ? { to } : {}),
  };
};

const filterKeys = ['person', 'entity', 'type', 'from', 'to'] as const;

/** The filter as the address holds it (`/audit?person=ada&type=DiscountCreated`): shareable, and kept on reload. */
export const auditFilterFromParams = (params: URLSearchParams): AuditFilter =>
  Object.fromEntries(filterKeys.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));

export const paramsOfAuditFilter = (filter: AuditFilter): URLSearchParams =>
  new URLSearchParams(filterKeys.flatMap((key) => (filter[key] ? [[key, String(filter[key])]] : [])));

/** The form's fields for a filter from the address: the pickers take the reader's local time, to the second. */
export const auditFilterFormOf = (filter: AuditFilter): AuditFilterForm => ({
  person: filter.person ?? '',
  entity: filter.entity ?? 'all',
  type: filter.type ?? 'all',
  from: filter.from ? localValueOf(new Date(filter.from)) : '',
  to: filter.to ? localValueOf(new Date(filter.to)) : '',
});
