import type { CountryListItem, RegionListItem } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useSaveLocation } from '../api/write-location';
import { countryFormSchema, type CountryFormValues, fieldError, notifyMissing } from '../utils/location-forms';
import { FormField } from './form-field';

type CountryBody = { code: string; name: string; regionId: number };

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
    <Dialog open={open} onOpenChange={(next) => (next ? show() : close())}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{country ? 'Edit Country' : 'Add Country'}</DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {country ? 'Save Country' : 'Add Country'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
