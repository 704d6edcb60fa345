import type { CountryListItem, StoreListItem } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { showAtField } from '@/lib/field-failure';
import { useMoveStore } from '../api/update-store';
import { moveStoreFieldRules, moveStoreFormSchema, type MoveStoreFormValues } from '../utils/location-forms';

/**
 * Edit Store: moves the store to another country (so its old country can be emptied and deleted). Stores are
 * never deleted, and their name, slug and shop address stay: they are how the store is known on Shopify.
 */
export function EditStoreDialog({
  store,
  countries,
  disabled,
}: {
  store: StoreListItem;
  countries: readonly CountryListItem[];
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<MoveStoreFormValues, unknown, { countryId: number }>({
    resolver: zodResolver(moveStoreFormSchema),
    defaultValues: { countryId: String(store.countryId) },
  });
  const close = () => setOpen(false);
  const move = useMoveStore({ onSuccess: close, atField: showAtField(form, moveStoreFieldRules) });
  const onSubmit = form.handleSubmit(({ countryId }) => {
    if (countryId === store.countryId) return close();
    const countryName = countries.find((c) => c.id === countryId)?.name ?? `country ${countryId}`;
    move.mutate({ id: store.id, name: store.name, countryId, countryName });
  });

  return (
    <FormDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Edit ${store.name}`} disabled={disabled}>
          <Pencil />
        </Button>
      }
      title="Edit Store"
      description={`${store.name} (${store.urlSlug}) keeps its name, shop address and history; choose the country it belongs to.`}
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset({ countryId: String(store.countryId) });
        setOpen(next);
      }}
      onSubmit={onSubmit}
      submitLabel="Save Store"
      pending={move.isPending}
    >
      <Controller
        control={form.control}
        name="countryId"
        render={({ field, fieldState }) => (
          <FormField id={`store-${store.id}-country`} label="Country" error={fieldState.error?.message}>
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
    </FormDialog>
  );
}
