import type { UseFormReturn } from 'react-hook-form';
import type { CatalogChoice } from '../../utils/catalog-groups';
import type { WizardValues } from '../../utils/wizard-form';
import { BrowseDialog } from './browse-dialog';
import { ChosenList } from './chosen-list';
import { RadioChoices } from './radio-choices';

export type Choices = {
  products: readonly CatalogChoice[];
  collections: readonly CatalogChoice[];
  disabledReason: string | null;
};

/** Step 2: all products, specific collections or specific products (browse dialogs). */
export function StepProducts({ form, choices }: { form: UseFormReturn<WizardValues>; choices: Choices }) {
  const scope = form.watch('productScopeType');
  const { errors } = form.formState;
  const ids = form.watch(scope === 'collections' ? 'collectionIds' : 'productIds');
  const set = (field: 'productIds' | 'collectionIds', value: string[]) =>
    form.setValue(field, value, { shouldValidate: form.formState.isSubmitted || !!errors[field] });
  return (
    <div className="grid gap-4">
      <RadioChoices
        form={form}
        name="productScopeType"
        legend="Apply to"
        choices={[
          { value: 'all', label: 'All Products' },
          { value: 'collections', label: 'Specific Collections' },
          { value: 'products', label: 'Specific Products' },
        ]}
      />
      {scope === 'all' ? null : (
        <div className="grid gap-2">
          <BrowseDialog
            id={scope === 'products' ? 'scope-products' : 'scope-collections'}
            title={scope === 'products' ? 'Browse Products' : 'Browse Collections'}
            searchHint={scope === 'products' ? 'Search by name or SKU' : 'Search by title or handle'}
            choices={scope === 'products' ? choices.products : choices.collections}
            selected={ids}
            disabledReason={choices.disabledReason}
            onDone={(picked) => set(scope === 'products' ? 'productIds' : 'collectionIds', picked)}
            invalid={!!(scope === 'products' ? errors.productIds : errors.collectionIds)}
          />
          <ChosenList
            ids={ids}
            choices={scope === 'products' ? choices.products : choices.collections}
            onRemove={(id) =>
              set(
                scope === 'products' ? 'productIds' : 'collectionIds',
                ids.filter((x) => x !== id),
              )
            }
          />
          <p className="text-sm text-destructive">
            {(scope === 'products' ? errors.productIds : errors.collectionIds)?.message}
          </p>
        </div>
      )}
    </div>
  );
}
