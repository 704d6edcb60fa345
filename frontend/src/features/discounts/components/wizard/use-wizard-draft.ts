import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { type WizardValues, wizardDefaults } from '../../utils/wizard-form';
import type { Step } from '../../utils/wizard-steps';

/**
 * The wizard's draft in this tab's sessionStorage (decision 1362): it outlives a reload and Back/Forward, and
 * goes when the discount is created or the draft discarded, or with the tab; nothing of it reaches the server.
 */
const KEY = 'dm:create-discount-draft';

export type Draft = { values: WizardValues; reached: Step };

const isStep = (n: unknown): n is Step => n === 1 || n === 2 || n === 3 || n === 4 || n === 5;

export const readDraft = (): Draft | null => {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { values, reached } = parsed as { values?: unknown; reached?: unknown };
    if (typeof values !== 'object' || values === null || !isStep(reached)) return null;
    return { values: { ...wizardDefaults(), ...(values as Partial<WizardValues>) }, reached };
  } catch {
    return null;
  }
};

export const clearDraft = () => sessionStorage.removeItem(KEY);

/** Writes the draft on every change of the form or of the furthest step reached. */
export const useSaveDraft = (form: UseFormReturn<WizardValues>, reached: Step) => {
  useEffect(() => {
    const empty = JSON.stringify(wizardDefaults());
    const save = () => {
      const values = JSON.stringify(form.getValues());
      // An untouched form (or one just discarded) is no draft.
      if (values === empty) clearDraft();
      else sessionStorage.setItem(KEY, `{"values":${values},"reached":${reached}}`);
    };
    save();
    const { unsubscribe } = form.watch(save);
    return unsubscribe;
  }, [form, reached]);
};
