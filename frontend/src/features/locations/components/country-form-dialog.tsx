import type { CountryBody, CountryListItem, RegionListItem } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useSaveLocation } from '../api/write-location';
import { countryFormSchema, type CountryFormValues, fieldError, notifyMissing } from '../utils/location-forms';
import { FormField } from './form-field';

/** Add Country, or Edit Country when `country` is given: a 2-letter code, a name and a region. */
export function CountryFormDialog({
  country,
  regions,
  trigger,
}: {
  country?: CountryListItem;
  regions: readonly RegionListItem[];
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<CountryFormValues, unknown, CountryBody>({
    resolver: zodResolver(countryFormSchema),
    defaultValues: { code: '', name: '', regionId: '' },
  });
  const show = () => {
    form.reset({
      code: country?.code ?? '',
      name: country?.name ?? '',
      regionId: country ? String(country.regionId) : '',
    });
    setOpen(true);
  };
  const close = () => setOpen(false);
  const save = useSaveLocation('country', country?.id, { onSuccess: close });
  const onSubmit = form.handleSubmit((body) => save.mutate(body), notifyMissing);
  const { errors } = form.formState;

  return (
    <FormDialog
      trigger={trigger}
      title={country ? 'Edit Country' : 'Add Country'}
      open={open}
      onOpenChange={(next) => (next ? show() : close())}
      onSubmit={onSubmit}
      submitLabel={country ? 'Save Country' : 'Add Country'}
      pending={save.isPending}
    >
      <FormField id="country-code" label="Country Code" error={fieldError(errors.code)}>
        <Input
          id="country-code"
          placeholder="GB"
          maxLength={2}
          {...form.register('code')}
          onInput={(e) => (e.currentTarget.value = e.currentTarget.value.toUpperCase())}
        />
      </FormField>
      <FormField id="country-name" label="Country Name" error={fieldError(errors.name)}>
        <Input id="country-name" placeholder="United Kingdom" maxLength={100} {...form.register('name')} />
      </FormField>
      <FormField id="country-region" label="Region" error={fieldError(errors.regionId)}>
        <NativeSelect id="country-region" {...form.register('regionId')}>
          <option value="">Select a region</option>
          {regions.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name} ({r.code})
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </FormDialog>
  );
}
