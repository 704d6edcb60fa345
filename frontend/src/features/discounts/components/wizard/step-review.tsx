import { discountTypeNames } from '@/lib/glossary';
import { ruleText } from '@/lib/rule-text';
import type { Brand, StoreListItem } from '@dm/events/http';
import { lazy, Suspense } from 'react';
import { ListSkeleton } from '@/components/load-state';
import type { CatalogChoice } from '../../utils/catalog-groups';
import { plural } from '../../utils/format';
import { toCreateBody, type WizardValues } from '../../utils/wizard-form';
import type { Choices } from './step-products';

type Props = {
  values: WizardValues;
  brands: readonly Brand[];
  stores: readonly StoreListItem[];
  choices: Choices;
  onDropStore: (storeId: number, previewed: readonly number[]) => void;
};

// The preview is the heaviest part of the wizard and only this step shows it: its own chunk (bundle budget).
const DiscountPreview = lazy(() => import('../preview/discount-preview'));

const names = (ids: readonly string[], choices: readonly CatalogChoice[]) =>
  ids.map((id) => choices.find((c) => c.id === id)?.label ?? id).join(', ');

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The GWP trigger that applies: a minimum cart value replaces the quantity (ARCHITECTURE §4, BXGY). */
export const gwpTriggerText = (v: WizardValues, choices: Choices): string => {
  if (v.gwpMinimumCartValue.trim())
    return `The minimum cart value of ${v.gwpMinimumCartValue.trim()} triggers the gift (the trigger quantity does not apply).`;
  const what =
    v.gwpTriggerType === 'product'
      ? names(v.gwpTriggerProductIds, choices.products)
      : (choices.collections.find((c) => c.id === v.gwpTriggerCollectionId)?.label ?? 'the collection');
  return `The quantity triggers the gift: buying ${plural(Number(v.gwpTriggerQuantity), 'item')} from ${what}.`;
};

/** Step 5: a read-only review of everything chosen. */
export function StepReview({ values: v, brands, stores, choices, onDropStore }: Props) {
  const chosenStores = stores.filter((s) => v.storeIds.includes(s.id));
  const combines = [
    v.combinesWithOrder && 'order',
    v.combinesWithProduct && 'product',
    v.combinesWithShipping && 'shipping',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid gap-2">
        <Row term="Brand">{brands.find((b) => String(b.id) === v.brandId)?.name}</Row>
        <Row term="Name">{v.name}</Row>
        <Row term="Type">{discountTypeNames[v.discountType === 'gwp' ? 'gwp' : 'multi']}</Row>
        <Row term="Description">{v.description.trim() || 'No description'}</Row>
        {v.discountType === 'gwp' ? (
          <>
            <Row term="Applies to">
              {v.productScopeType === 'all'
                ? 'All products'
                : v.productScopeType === 'products'
                  ? names(v.productIds, choices.products)
                  : names(v.collectionIds, choices.collections)}
            </Row>
            <Row term="Trigger">{gwpTriggerText(v, choices)}</Row>
            <Row term="Gift">
              {plural(Number(v.gwpGiftQuantity), 'gift')} from {names(v.gwpGiftProductIds, choices.products)}
            </Row>
          </>
        ) : (
          <Row term="Rules">
            <ul className="grid gap-1">
              {v.multiDiscountRules.map((r, i) => (
                <li key={i}>
                  {ruleText({
                    kind: r.discountType,
                    amount: r.discountValue,
                    target: { type: r.targetType, name: r.targetName },
                  })}
                </li>
              ))}
            </ul>
          </Row>
        )}
        <Row term="Stores">
          {chosenStores.length ? chosenStores.map((s) => s.name).join(', ') : 'Every active store of the brand'}
        </Row>
        <Row term="Runs">
          {v.startDate ? v.startDate.replace('T', ' ') : 'From creation'} –{' '}
          {v.endDate ? v.endDate.replace('T', ' ') : 'no end date'}
        </Row>
        <Row term="Combines with">{combines || 'no other'} discounts</Row>
      </dl>
      <p className="rounded-md border bg-muted/50 p-3">
        The discount becomes active on all selected stores with its first code, made at random so that no customer can
        guess it; add more codes on its codes page afterwards.
      </p>
      <Suspense fallback={<ListSkeleton label="Loading the preview" rows={2} rowClassName="h-40" />}>
        <DiscountPreview body={toCreateBody(v)} onDropStore={onDropStore} />
      </Suspense>
    </div>
  );
}
