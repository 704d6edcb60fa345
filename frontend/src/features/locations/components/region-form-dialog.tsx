import type { RegionListItem } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { useSaveLocation } from '../api/write-location';
import { fieldError, notifyMissing, regionFormSchema, type RegionFormValues } from '../utils/location-forms';
import { FormField } from './form-field';

/** Add Region, or Edit Region when `region` is given: code (uppercased) and name. */
export function RegionFormDialog({ region, trigger }: { region?: RegionListItem; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const form = useForm<RegionFormValues, unknown, { code: string; name: string }>({
    resolver: zodResolver(regionFormSchema),
    defaultValues: { code: '', name: '' },
  });
  const show = () => {
    form.reset({ code: region?.code ?? '', name: region?.name ?? '' });
    setOpen(true);
  };
  const close = () => setOpen(false);
  const save = useSaveLocation('region', region?.id, { onSuccess: close });
  const onSubmit = form.handleSubmit((body) => save.mutate(body), notifyMissing);
  const { errors } = form.formState;

  return (
    <FormDialog
      trigger={trigger}
      title={region ? 'Edit Region' : 'Add Region'}
      open={open}
      onOpenChange={(next) => (next ? show() : close())}
      onSubmit={onSubmit}
      submitLabel={region ? 'Save Region' : 'Add Region'}
      pending={save.isPending}
    >
      <FormField id="region-code" label="Region Code" error={fieldError(errors.code)}>
        <Input
          id="region-code"
          placeholder="EU"
          maxLength={10}
          {...form.register('code')}
          onInput={(e) => (e.currentTarget.value = e.currentTarget.value.toUpperCase())}
        />
      </FormField>
      <FormField id="region-name" label="Region Name" error={fieldError(errors.name)}>
        <Input id="region-name" placeholder="Europe" maxLength={100} {...form.register('name')} />
      </FormField>
    </FormDialog>
  );
}
