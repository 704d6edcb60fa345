import type { Brand, StoreListItem } from '@dm/events/http';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { LoadError } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';
import { useCollectionChoices, useProductChoices } from '../../api/get-catalog-choices';
import { useCreateDiscount } from '../../api/create-discount';
import { collectionChoices, productChoices } from '../../utils/catalog-groups';
import { type WizardValues, toCreateBody, wizardDefaults, wizardSchema } from '../../utils/wizard-form';
import { fieldsOfStep, nextStep, previousStep, type Step, STEPS } from '../../utils/wizard-steps';
import { ConfirmCreateDialog } from './confirm-create-dialog';
import { LeaveGuard } from './leave-guard';
import { SameNameWarning } from './same-name-warning';
import { showAtWizardField } from './server-refusal';
import { StepBasics } from './step-basics';
import { StepConditions } from './step-conditions';
import { StepGift } from './step-gift';
import { type Choices, StepProducts } from './step-products';
import { StepReview } from './step-review';
import { StepList } from './step-list';
import { StepRules } from './step-rules';
import { clearDraft, readDraft, useSaveDraft } from './use-wizard-draft';
import { useWizardStep } from './use-wizard-step';
import { screenNames } from '@/lib/glossary';

type Props = {
  brands: UseQueryResult<Brand[]>;
  /** The stores of the brand chosen in step 1 (null before one is chosen). */
  stores: UseQueryResult<StoreListItem[]> | null;
  onBrandChange: (brandId: number | undefined) => void;
};

const noBrand = 'Please select a brand in Step 1 first';

/** Spec 001 §2.6, §4: the five-step create wizard; Next checks the step's fields, the last step asks to confirm. */
export function CreateDiscountWizard({ brands, stores, onBrandChange }: Props) {
  usePageTitle(screenNames['/discounts/create']);
  const navigate = useNavigate();
  const [draft, setDraft] = useState(readDraft);
  const { step, reached, goTo, restart } = useWizardStep(draft?.reached ?? 1);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<WizardValues>({
    resolver: zodResolver(wizardSchema),
    defaultValues: draft?.values ?? wizardDefaults(),
  });
  useSaveDraft(form, reached);
  const dirty = form.formState.isDirty || draft !== null;
  // The restored draft's brand is the one its picks belong to: they are cleared only when the brand changes.
  const pickedFor = useRef(draft?.values.brandId ? Number(draft.values.brandId) : undefined);
  const brandId = form.watch('brandId');
  const type = form.watch('discountType');
  const brand = brandId ? Number(brandId) : undefined;
  const products = useProductChoices(brand);
  const collections = useCollectionChoices(brand);

  useEffect(() => {
    onBrandChange(brand);
    if (pickedFor.current === brand) return;
    pickedFor.current = brand;
    // Picks of another brand's catalog and stores mean nothing for this one.
    form.resetField('productIds');
    form.resetField('collectionIds');
    form.resetField('gwpTriggerProductIds');
    form.resetField('gwpTriggerCollectionId');
    form.resetField('gwpGiftProductIds');
    form.resetField('storeIds');
    form.setValue(
      'multiDiscountRules',
      form.getValues('multiDiscountRules').map((r) => ({ ...r, targetId: '', targetName: '' })),
    );
  }, [brand, form, onBrandChange]);

  const choices: Choices = {
    products: products.data ? productChoices(products.data) : [],
    collections: collections.data ? collectionChoices(collections.data) : [],
    disabledReason:
      brand === undefined ? noBrand : products.isPending || collections.isPending ? 'Loading the catalog…' : null,
  };

  const created = useRef(false);
  const discard = () => {
    clearDraft();
    setDraft(null);
    form.reset(wizardDefaults());
  };
  const create = useCreateDiscount({
    onSuccess: () => {
      clearDraft();
      created.current = true;
      void navigate('/discounts');
    },
    atField: showAtWizardField(form, type, (s) => {
      setConfirming(false);
      goTo(s);
    }),
  });

  const next = async () => {
    if (await form.trigger(fieldsOfStep(step, type), { shouldFocus: true })) goTo(nextStep(step, type));
  };
  // A step before this one opens at once; a later one reached before, once this one passes Next's check.
  const open = async (target: Step) => {
    if (target < step || (await form.trigger(fieldsOfStep(step, type), { shouldFocus: true }))) goTo(target);
  };

  return (
    <section className="mx-auto grid max-w-3xl gap-4">
      <header className="flex items-center gap-3">
        <Button variant="ghost" size="icon" asChild>
          <Link to="/discounts" aria-label="Back to discounts">
            <ArrowLeft />
          </Link>
        </Button>
        <h1 className="text-2xl font-bold">{screenNames['/discounts/create']}</h1>
      </header>
      <StepList step={step} reached={reached} skipsProducts={type === 'multi'} onOpen={(n) => void open(n)} />
      {brands.isError ? <LoadError title="Failed to fetch brands" query={brands} /> : null}
      {products.isError ? <LoadError title="Failed to fetch products" query={products} /> : null}
      {collections.isError ? <LoadError title="Failed to fetch collections" query={collections} /> : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step < 5) void next();
          else void form.handleSubmit(() => setConfirming(true))();
        }}
      >
        <Card>
          <CardHeader>
            <CardTitle>
              Step {step}: {STEPS[step - 1]}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {step === 1 ? (
              <StepBasics form={form} brands={brands.data ?? []}>
                <SameNameWarning brandId={brand} name={form.watch('name')} />
              </StepBasics>
            ) : null}
            {step === 2 ? <StepProducts form={form} choices={choices} /> : null}
            {step === 3 && type === 'multi' ? <StepRules form={form} choices={choices} /> : null}
            {step === 3 && type === 'gwp' ? <StepGift form={form} choices={choices} /> : null}
            {step === 4 ? <StepConditions form={form} stores={stores} /> : null}
            {step === 5 ? (
              <StepReview
                values={form.watch()}
                onDropStore={(storeId, previewed) =>
                  form.setValue(
                    'storeIds',
                    previewed.filter((id) => id !== storeId),
                    { shouldDirty: true },
                  )
                }
                brands={brands.data ?? []}
                stores={stores?.data ?? []}
                choices={choices}
              />
            ) : null}
          </CardContent>
        </Card>
        <div className="mt-4 flex justify-between gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={step === 1}
              onClick={() => goTo(previousStep(step, type))}
            >
              Back
            </Button>
            {dirty ? (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  discard();
                  restart();
                }}
              >
                Discard Draft
              </Button>
            ) : null}
          </div>
          {step < 5 ? (
            <Button type="submit">Next</Button>
          ) : (
            <Button type="submit" disabled={create.isPending}>
              Create Discount
            </Button>
          )}
        </div>
      </form>
      <LeaveGuard dirty={dirty} done={created} onDiscard={discard} />
      <ConfirmCreateDialog
        open={confirming}
        onOpenChange={setConfirming}
        name={form.getValues('name')}
        pending={create.isPending}
        onConfirm={() => create.mutate(toCreateBody(form.getValues()))}
      />
    </section>
  );
}
