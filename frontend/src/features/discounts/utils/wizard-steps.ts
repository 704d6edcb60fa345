import type { WizardValues } from './wizard-form';

// Step 5 is the review before creating (spec 001 §2.6 calls it Codes; it holds no codes): named for what it is.
export const STEPS = ['Basics', 'Products', 'Config', 'Conditions', 'Review'] as const;
export type Step = 1 | 2 | 3 | 4 | 5;
type DiscountType = WizardValues['discountType'];

/** Spec 001 §4: a multi discount skips the Products step; Next stops at 5. */
export const nextStep = (step: Step, type: DiscountType): Step =>
  step === 1 && type === 'multi' ? 3 : (Math.min(step + 1, 5) as Step);

/** Back from Config goes to Basics for a multi discount; Back stops at 1. */
export const previousStep = (step: Step, type: DiscountType): Step =>
  step === 3 && type === 'multi' ? 1 : (Math.max(step - 1, 1) as Step);

/** What Next checks on each step (spec 001 §4). */
export const fieldsOfStep = (step: Step, type: DiscountType): (keyof WizardValues)[] => {
  switch (step) {
    case 1:
      return ['brandId', 'name', 'discountType', 'description'];
    case 2:
      return ['productScopeType', 'productIds', 'collectionIds'];
    case 3:
      return type === 'multi'
        ? ['multiDiscountRules']
        : [
            'gwpTriggerType',
            'gwpTriggerProductIds',
            'gwpTriggerCollectionId',
            'gwpGiftProductIds',
            'gwpTriggerQuantity',
            'gwpGiftQuantity',
            'gwpMinimumCartValue',
          ];
    case 4:
      return ['storeIds', 'startDate', 'endDate', 'combinesWithOrder', 'combinesWithProduct', 'combinesWithShipping'];
    case 5:
      return [];
  }
};

/** The step a field is on (a refusal from the server about it sends the person back there). */
export const stepOfField = (field: string, type: DiscountType): Step => {
  const top = field.split('.')[0] as keyof WizardValues;
  const steps: Step[] = [1, 2, 3, 4];
  return steps.find((s) => fieldsOfStep(s, type).includes(top)) ?? 1;
};
