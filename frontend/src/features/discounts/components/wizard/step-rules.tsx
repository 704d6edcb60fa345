import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { defaultRule, type WizardValues } from '../../utils/wizard-form';
import type { Choices } from './step-products';
import { TargetPicker } from './target-picker';

/** Step 3 for a multi discount: rules (target, percentage or fixed amount, value); remove only with two or more. */
export function StepRules({ form, choices }: { form: UseFormReturn<WizardValues>; choices: Choices }) {
  const rules = useFieldArray({ control: form.control, name: 'multiDiscountRules' });
  const errors = form.formState.errors.multiDiscountRules;
  return (
    <div className="grid gap-4">
      {choices.disabledReason ? <p className="text-sm text-muted-foreground">{choices.disabledReason}</p> : null}
      {rules.fields.map((rule, i) => {
        const targetType = form.watch(`multiDiscountRules.${i}.targetType`);
        const ruleErrors = errors?.[i];
        const targetError = ruleErrors?.targetId?.message;
        return (
          <fieldset key={rule.id} className="grid gap-3 rounded-md border p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">Rule {i + 1}</legend>
            <Controller
              control={form.control}
              name={`multiDiscountRules.${i}.targetType`}
              render={({ field }) => (
                <FormField id={`rule-${i}-target-type`} label="Target Type">
                  <OptionSelect
                    ref={field.ref}
                    value={field.value}
                    onValueChange={(v) => {
                      field.onChange(v);
                      form.setValue(`multiDiscountRules.${i}.targetId`, '');
                      form.setValue(`multiDiscountRules.${i}.targetName`, '');
                    }}
                    placeholder="Target type"
                    options={[
                      { value: 'collection', label: 'Collection' },
                      { value: 'product', label: 'Product' },
                    ]}
                  />
                </FormField>
              )}
            />
            <div className="grid gap-2">
              <label htmlFor={`rule-${i}-target`} className="text-sm font-medium leading-none">
                {targetType === 'product' ? 'Product' : 'Collection'}
              </label>
              <TargetPicker
                id={`rule-${i}-target`}
                choices={targetType === 'product' ? choices.products : choices.collections}
                value={form.watch(`multiDiscountRules.${i}.targetId`)}
                valueLabel={form.watch(`multiDiscountRules.${i}.targetName`)}
                placeholder={
                  targetType === 'product' ? 'Search products by name or SKU' : 'Search collections by title or handle'
                }
                disabled={choices.disabledReason !== null}
                invalid={!!targetError}
                describedBy={targetError ? `rule-${i}-target-error` : undefined}
                onChange={(c) => {
                  form.setValue(`multiDiscountRules.${i}.targetId`, c.id, { shouldValidate: !!targetError });
                  form.setValue(`multiDiscountRules.${i}.targetName`, c.label);
                }}
              />
              {targetError ? (
                <p id={`rule-${i}-target-error`} className="text-sm text-destructive">
                  {targetError}
                </p>
              ) : null}
            </div>
            <Controller
              control={form.control}
              name={`multiDiscountRules.${i}.discountType`}
              render={({ field }) => (
                <FormField id={`rule-${i}-kind`} label="Percentage or amount">
                  <OptionSelect
                    ref={field.ref}
                    value={field.value}
                    onValueChange={field.onChange}
                    placeholder="Choose one"
                    options={[
                      { value: 'percentage', label: 'Percentage' },
                      { value: 'fixed', label: 'Fixed amount' },
                    ]}
                  />
                </FormField>
              )}
            />
            <FormField id={`rule-${i}-value`} label="Discount Value" error={ruleErrors?.discountValue?.message}>
              <Input inputMode="decimal" {...form.register(`multiDiscountRules.${i}.discountValue`)} />
            </FormField>
            {rules.fields.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                className="w-fit text-destructive sm:col-span-2"
                onClick={() => rules.remove(i)}
              >
                <Trash2 />
                Remove Rule {i + 1}
              </Button>
            ) : null}
          </fieldset>
        );
      })}
      {errors?.root?.message || errors?.message ? (
        <p className="text-sm text-destructive">{errors.root?.message ?? errors.message}</p>
      ) : null}
      <Button type="button" variant="outline" className="w-fit" onClick={() => rules.append(defaultRule())}>
        <Plus />
        Add Rule
      </Button>
    </div>
  );
}
