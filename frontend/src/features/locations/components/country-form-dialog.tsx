import type { CountryBody, CountryListItem, RegionListItem } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Input } from '@/components/ui/input';
import { showAtField } from '@/lib/field-failure';
import { useSaveLocation } from '../api/write-location';
import { countryFieldRules, countryFormSchema, type CountryFormValues } from '../utils/location-forms';

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
  const save = useSaveLocation('country', country?.id, {
    onSuccess: close,
    atField: showAtField(form, countryFieldRules),
  });
  const { errors } = form.formState;

  return (
    <FormDialog
      trigger={trigger}
      title={country ? 'Edit Country' : 'Add Country'}
      open={open}
      onOpenChange={(next) => (next ? show() : close())}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      submitLabel={country ? 'Save Country' : 'Add Country'}
      pending={save.isPending}
    >
      {/* No maxLength: 'JPN' is shown as a mistake, not silently cut to 'JP'. */}
      <FormField id="country-code" label="Country Code" error={errors.code?.message}>
        <Input
          placeholder="GB"
          autoComplete="off"
          {...form.register('code')}
          onInput={(e) => {
            e.currentTarget.value = e.currentTarget.value.toUpperCase();
          }}
        />
      </FormField>
      <FormField id="country-name" label="Country Name" error={errors.name?.message}>
        <Input placeholder="United Kingdom" autoComplete="off" {...form.register('name')} />
      </FormField>
      <Controller
        control={form.control}
        name="regionId"
        render={({ field, fieldState }) => (
          <FormField id="country-region" label="Region" error={fieldState.error?.message}>
            <OptionSelect
              ref={field.ref}
              value={field.value}
              onValueChange={field.onChange}
              placeholder="Select a region"
              options={regions.map((r) => ({ value: String(r.id), label: `${r.name} (${r.code})` }))}
            />
          </FormField>
        )}
      />
    </FormDialog>
  );
}
