import { type Brand, type CountryListItem, shopDomainOf, urlSlugSchema } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { showAtField } from '@/lib/field-failure';
import { useCreateStore } from '../api/create-store';
import { storeFieldRules, storeFormSchema, type StoreFormValues } from '../utils/location-forms';

const empty: StoreFormValues = { urlSlug: '', brandId: '', countryId: '' };

/** The slug, once it is one the server would take; nothing is previewed for 'Aurora JP!'. */
const validSlug = (text: string) => {
  const parsed = urlSlugSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
};

/**
 * Add Store (spec §2.6): slug with a live preview of the shop address, brand, country. No name: it is derived.
 * Disabled until the brands and countries it offers have loaded.
 */
export function AddStoreDialog({
  brands,
  countries,
  disabled,
}: {
  brands: readonly Brand[];
  countries: readonly CountryListItem[];
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<StoreFormValues, unknown, { urlSlug: string; brandId: number; countryId: number }>({
    resolver: zodResolver(storeFormSchema),
    defaultValues: empty,
  });
  const close = () => setOpen(false);
  const create = useCreateStore({ onSuccess: close, atField: showAtField(form, storeFieldRules) });
  const slug = validSlug(form.watch('urlSlug'));
  const { errors } = form.formState;

  return (
    <FormDialog
      trigger={
        <Button disabled={disabled}>
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
      onSubmit={form.handleSubmit((body) => create.mutate(body))}
      submitLabel="Add Store"
      pending={create.isPending}
    >
      <FormField
        id="store-slug"
        label="URL Slug"
        error={errors.urlSlug?.message}
        hint={
          slug ? (
            <p className="text-sm break-all text-muted-foreground" data-testid="shop-preview">
              Shop address: https://{shopDomainOf(slug)}
            </p>
          ) : null
        }
      >
        <Input placeholder="aurora-uk" autoComplete="off" {...form.register('urlSlug')} />
      </FormField>
      <Controller
        control={form.control}
        name="brandId"
        render={({ field, fieldState }) => (
          <FormField id="store-brand" label="Brand" error={fieldState.error?.message}>
            <OptionSelect
              ref={field.ref}
              value={field.value}
              onValueChange={field.onChange}
              placeholder="Select a brand"
              options={brands.map((b) => ({ value: String(b.id), label: b.name }))}
            />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="countryId"
        render={({ field, fieldState }) => (
          <FormField id="store-country" label="Country" error={fieldState.error?.message}>
            <OptionSelect
              ref={field.ref}
              value={field.value}
              onValueChange={field.onChange}
              placeholder="Select a country"
              options={countries.map((c) => ({ value: String(c.id), label: `${c.name} (${c.regionName})` }))}
            />
          </FormField>
        )}
      />
      <p className="rounded-md bg-muted p-3 text-sm break-words" data-testid="secret-note">
        A new store is not connected to Shopify until its Admin API access token is installed: until then it takes no
        discounts and no code syncs. Ask the store&apos;s Shopify owner for the token, and pass it to whoever runs
        Discount Manager.
      </p>
    </FormDialog>
  );
}
