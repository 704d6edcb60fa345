import { discountTypeNames } from '@/lib/glossary';
import type { Brand } from '@dm/events/http';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Input } from '@/components/ui/input';
import type { WizardValues } from '../../utils/wizard-form';
import { RadioChoices } from './radio-choices';

/** Step 1: Brand, Discount Name, Discount Type, Description. */
export function StepBasics({
  form,
  brands,
  children,
}: {
  form: UseFormReturn<WizardValues>;
  brands: readonly Brand[];
  /** Shown under the name (another discount of the brand by that name). */
  children?: React.ReactNode;
}) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4">
      <Controller
        control={form.control}
        name="brandId"
        render={({ field, fieldState }) => (
          <FormField id="discount-brand" label="Brand" error={fieldState.error?.message}>
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
      <FormField id="discount-name" label="Discount Name" error={errors.name?.message}>
        <Input {...form.register('name')} placeholder="Summer Sale" />
      </FormField>
      {children}
      <RadioChoices
        form={form}
        name="discountType"
        legend="Discount Type"
        error={errors.discountType?.message}
        choices={[
          {
            value: 'multi',
            label: discountTypeNames.multi,
            hint: 'One or more rules, each a percentage or an amount off',
          },
          { value: 'gwp', label: discountTypeNames.gwp, hint: 'A free gift when the cart qualifies' },
        ]}
      />
      <FormField id="discount-description" label="Description (optional)" error={errors.description?.message}>
        <textarea
          {...form.register('description')}
          rows={3}
          className="w-full min-w-0 rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
      </FormField>
    </div>
  );
}
