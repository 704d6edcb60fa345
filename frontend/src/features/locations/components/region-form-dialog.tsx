import type { RegionBody, RegionListItem } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { showAtField } from '@/lib/field-failure';
import { useSaveLocation } from '../api/write-location';
import { regionFieldRules, regionFormSchema, type RegionFormValues } from '../utils/location-forms';

/** Add Region, or Edit Region when `region` is given: code (uppercased) and name. */
export function RegionFormDialog({ region, trigger }: { region?: RegionListItem; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const form = useForm<RegionFormValues, unknown, RegionBody>({
    resolver: zodResolver(regionFormSchema),
    defaultValues: { code: '', name: '' },
  });
  const show = () => {
    form.reset({ code: region?.code ?? '', name: region?.name ?? '' });
    setOpen(true);
  };
  const close = () => setOpen(false);
  const save = useSaveLocation('region', region?.id, {
    onSuccess: close,
    atField: showAtField(form, regionFieldRules),
  });
  const { errors } = form.formState;

  return (
    <FormDialog
      trigger={trigger}
      title={region ? 'Edit Region' : 'Add Region'}
      open={open}
      onOpenChange={(next) => (next ? show() : close())}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      submitLabel={region ? 'Save Region' : 'Add Region'}
      pending={save.isPending}
    >
      <FormField id="region-code" label="Region Code" error={errors.code?.message}>
        <Input
          placeholder="EU"
          autoComplete="off"
          {...form.register('code')}
          onInput={(e) => {
            e.currentTarget.value = e.currentTarget.value.toUpperCase();
          }}
        />
      </FormField>
      <FormField id="region-name" label="Region Name" error={errors.name?.message}>
        <Input placeholder="Europe" autoComplete="off" {...form.register('name')} />
      </FormField>
    </FormDialog>
  );
}
