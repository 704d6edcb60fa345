import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import type { AddCodesFormOutput, AddCodesFormValues } from './add-codes-form-schema';
import type { CodeStore } from './code-store';
import { StoreCheckboxes } from './store-checkboxes';

type Props = {
  form: UseFormReturn<AddCodesFormValues, unknown, AddCodesFormOutput>;
  stores: readonly CodeStore[];
  /** After a check the fields stay as they were checked until Reset. */
  editing: boolean;
};

/** The add-codes form's fields: the codes, an optional influencer, and the stores to check them in. */
export function AddCodesFields({ form, stores, editing }: Props) {
  const { errors } = form.formState;
  return (
    <>
      <FormField id="add-codes-codes" label="Codes" error={errors.codes?.message}>
        <textarea
          rows={3}
          placeholder="SUMMER-ANNA, SUMMER-BEN"
          readOnly={!editing}
          className="min-h-20 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive read-only:bg-muted"
          {...form.register('codes')}
        />
      </FormField>
      <FormField id="add-codes-influencer" label="Influencer (optional)" error={errors.influencerName?.message}>
        <Input
          placeholder="Anna Example"
          readOnly={!editing}
          className="read-only:bg-muted"
          {...form.register('influencerName')}
        />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.stores ? 'add-codes-stores-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">Stores</legend>
        <Controller
          control={form.control}
          name="stores"
          render={({ field }) => (
            <StoreCheckboxes
              idPrefix="add-codes-store"
              stores={stores}
              value={field.value}
              onChange={field.onChange}
              disabled={!editing}
            />
          )}
        />
        {errors.stores ? (
          <p id="add-codes-stores-error" className="text-sm text-destructive">
            {errors.stores.message}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
