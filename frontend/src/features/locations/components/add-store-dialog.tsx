import { type Brand, type CountryListItem, shopDomainOf, tokenVariableOf } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateStore } from '../api/create-store';
import { fieldError, notifyMissing, storeFormSchema, type StoreFormValues } from '../utils/location-forms';
import { FormField } from './form-field';

const empty: StoreFormValues = { urlSlug: '', brandId: '', countryId: '' };

/** Add Store (spec §2.6): slug with a live preview of the shop address, brand, country. No name: it is derived. */
export function AddStoreDialog({
  brands,
  countries,
}: {
  brands: readonly Brand[];
  countries: readonly CountryListItem[];
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<StoreFormValues, unknown, { urlSlug: string; brandId: number; countryId: number }>({
    resolver: zodResolver(storeFormSchema),
    defaultValues: empty,
  });
  const close = () => setOpen(false);
  const create = useCreateStore({ onSuccess: close });
  const onSubmit = form.handleSubmit((body) => create.mutate(body), notifyMissing);
  const slug = form.watch('urlSlug').trim() || 'your-store';
  const { errors } = form.formState;

  return (
    <FormDialog
      trigger={
        <Button>
          <Plus /> Add Store
        </Button>
      }
      title="Add Store"
      description="The store is named after its brand and country code."
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(empty);
        setOpen(next);
      }}
      onSubmit={onSubmit}
      submitLabel="Add Store"
      pending={create.isPending}
    >
      <FormField id="store-slug" label="URL Slug" error={fieldError(errors.urlSlug)}>
        <Input
          id="store-slug"
          placeholder="aurora-uk"
          maxLength={60}
          autoComplete="off"
          {...form.register('urlSlug')}
        />
        <p className="text-sm text-muted-foreground" data-testid="shop-preview">
          Shop address: https://{shopDomainOf(slug)}
        </p>
      </FormField>
      <FormField id="store-brand" label="Brand" error={fieldError(errors.brandId)}>
        <NativeSelect id="store-brand" {...form.register('brandId')}>
          <option value="">Select a brand</option>
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="store-country" label="Country" error={fieldError(errors.countryId)}>
        <NativeSelect id="store-country" {...form.register('countryId')}>
          <option value="">Select a country</option>
          {countries.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.regionName})
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <p className="rounded-md bg-muted p-3 text-sm" data-testid="secret-note">
        Note: the store&apos;s API key must be added manually as a secret named{' '}
        <code className="font-mono font-semibold">{tokenVariableOf(slug)}</code>.
      </p>
    </FormDialog>
  );
}
