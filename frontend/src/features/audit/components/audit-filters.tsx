import { auditEntityKinds } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { AuditFilterForm } from '../utils/audit-filter';
import { eventTitle } from '../utils/format';

type Props = {
  eventTypes: UseQueryResult<string[]>;
  initial: AuditFilterForm;
  onApply: (form: AuditFilterForm) => void;
};

const kindOptions = [
  { value: 'all', label: 'Every entity' },
  ...auditEntityKinds.map((kind) => ({ value: kind, label: kind.charAt(0).toUpperCase() + kind.slice(1) })),
];

/** Person, entity, event type and time range; applied together, so typing an email asks nothing on each key. */
export function AuditFilters({ eventTypes, initial, onApply }: Props) {
  const [form, setForm] = useState<AuditFilterForm>(initial);
  const set = (field: keyof AuditFilterForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  const typeOptions = [
    { value: 'all', label: 'Every event type' },
    ...(eventTypes.data ?? []).map((type) => ({ value: type, label: eventTitle(type) })),
  ];
  return (
    <form
      onSubmit={submit}
      aria-label="Audit filters"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      <FormField id="audit-person" label="Person">
        <Input
          type="search"
          placeholder="Part of a name or email"
          value={form.person}
          onChange={(e) => set('person')(e.target.value)}
        />
      </FormField>
      <FormField id="audit-entity" label="Entity">
        <OptionSelect options={kindOptions} value={form.entity} onValueChange={set('entity')} placeholder="Entity" />
      </FormField>
      <FormField id="audit-type" label="Event type">
        <OptionSelect
          options={typeOptions}
          value={form.type}
          onValueChange={set('type')}
          placeholder="Event type"
          disabled={!eventTypes.isSuccess}
        />
      </FormField>
      <FormField id="audit-from" label="From">
        <Input type="datetime-local" step={1} value={form.from} onChange={(e) => set('from')(e.target.value)} />
      </FormField>
      <FormField id="audit-to" label="To">
        <Input type="datetime-local" step={1} value={form.to} onChange={(e) => set('to')(e.target.value)} />
      </FormField>
      <Button type="submit">Apply filters</Button>
    </form>
  );
}
