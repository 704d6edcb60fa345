import type { AuditFilter } from '@dm/events/http';
import { instantOf } from './as-of-input';

/** What the filter form holds: text as typed, '' or 'all' for no filter, times as the pickers give them. */
export type AuditFilterForm = { person: string; entity: string; type: string; from: string; to: string };

export const emptyAuditFilterForm: AuditFilterForm = { person: '', entity: 'all', type: 'all', from: '', to: '' };

/** The form as the API's filter: only what is set. `to` takes its minute to the end, as the as-of picker does. */
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
