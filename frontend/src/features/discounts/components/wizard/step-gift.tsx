import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import type { WizardValues } from '../../utils/wizard-form';
import { BrowseDialog } from './browse-dialog';
import { ChosenList } from './chosen-list';
import { RadioChoices } from './radio-choices';
import type { Choices } from './step-products';
import { TargetPicker } from './target-picker';

/** Step 3 for a gift with purchase: what triggers it, how many, an optional minimum cart value, and the gifts. */
export function StepGift({ form, choices }: { form: UseFormReturn<WizardValues>; choices: Choices }) {
  const { errors } = form.formState;
  const triggerType = form.watch('gwpTriggerType');
  const triggerIds = form.watch('gwpTriggerProductIds');
  const giftIds = form.watch('gwpGiftProductIds');
  const collectionId = form.watch('gwpTriggerCollectionId');
  const setIds = (field: 'gwpTriggerProductIds' | 'gwpGiftProductIds', ids: string[]) =>
    form.setValue(field, ids, { shouldValidate: !!errors[field] });
  return (
    <div className="grid gap-4">
      <RadioChoices
        form={form}
        name="gwpTriggerType"
        legend="Trigger Type"
        choices={[
          { value: 'product', label: 'Specific Products' },
          { value: 'collection', label: 'Collection' },
        ]}
      />
      {triggerType === 'product' ? (
        <div className="grid gap-2">
          <span className="text-sm font-medium">Trigger Products</span>
          <BrowseDialog
            id="gwp-trigger-products"
            title="Browse Products"
            searchHint="Search by name or SKU"
            choices={choices.products}
            selected={triggerIds}
            disabledReason={choices.disabledReason}
            onDone={(ids) => setIds('gwpTriggerProductIds', ids)}
            invalid={!!errors.gwpTriggerProductIds}
          />
          <ChosenList
            ids={triggerIds}
            choices={choices.products}
            onRemove={(id) =>
              setIds(
                'gwpTriggerProductIds',
                triggerIds.filter((x) => x !== id),
              )
            }
          />
          {errors.gwpTriggerProductIds ? (
            <p className="text-sm text-destructive">{errors.gwpTriggerProductIds.message}</p>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-2">
          <label htmlFor="gwp-trigger-collection" className="text-sm font-medium leading-none">
            Trigger Collection
          </label>
          <TargetPicker
            id="gwp-trigger-collection"
            choices={choices.collections}
            value={collectionId}
            valueLabel={choices.collections.find((c) => c.id === collectionId)?.label ?? ''}
            placeholder="Search collections by title or handle"
            disabled={choices.disabledReason !== null}
            invalid={!!errors.gwpTriggerCollectionId}
            onChange={(c) =>
              form.setValue('gwpTriggerCollectionId', c.id, { shouldValidate: !!errors.gwpTriggerCollectionId })
            }
          />
          {choices.disabledReason ? <p className="text-sm text-muted-foreground">{choices.disabledReason}</p> : null}
          {errors.gwpTriggerCollectionId ? (
            <p className="text-sm text-destructive">{errors.gwpTriggerCollectionId.message}</p>
          ) : null}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="gwp-trigger-quantity" label="Trigger Quantity" error={errors.gwpTriggerQuantity?.message}>
          <Input inputMode="numeric" {...form.register('gwpTriggerQuantity')} />
        </FormField>
        <FormField id="gwp-gift-quantity" label="Gift Quantity" error={errors.gwpGiftQuantity?.message}>
          <Input inputMode="numeric" {...form.register('gwpGiftQuantity')} />
        </FormField>
        <FormField
          id="gwp-minimum-cart"
          label="Minimum Cart Value (optional)"
          error={errors.gwpMinimumCartValue?.message}
          hint={
            <p className="text-xs text-muted-foreground">
              When set, the cart value triggers the gift, not the quantity.
            </p>
          }
        >
          <Input inputMode="decimal" {...form.register('gwpMinimumCartValue')} />
        </FormField>
      </div>
      <div className="grid gap-2">
        <span className="text-sm font-medium">Gift Products</span>
        <BrowseDialog
          id="gwp-gift-products"
          title="Browse Gift Products"
          searchHint="Search by name or SKU"
          choices={choices.products}
          selected={giftIds}
          disabledReason={choices.disabledReason}
          onDone={(ids) => setIds('gwpGiftProductIds', ids)}
          invalid={!!errors.gwpGiftProductIds}
        />
        <ChosenList
          ids={giftIds}
          choices={choices.products}
          onRemove={(id) =>
            setIds(
              'gwpGiftProductIds',
              giftIds.filter((x) => x !== id),
            )
          }
        />
        {errors.gwpGiftProductIds ? (
          <p className="text-sm text-destructive">{errors.gwpGiftProductIds.message}</p>
        ) : null}
      </div>
    </div>
  );
}
