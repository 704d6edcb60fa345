import type { Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldOfBodyPath, type WizardValues } from '../../utils/wizard-form';
import { type Step, stepOfField } from '../../utils/wizard-steps';

/** Refusals of the command API that name no body path but are about one field (its decider's words). */
const rules: readonly { field: string; match: RegExp }[] = [
  { field: 'name', match: /^Every code made from the name / },
  { field: 'storeIds', match: /^Store .* (does not exist|belongs to another brand|is inactive)|has no active store/ },
  { field: 'brandId', match: /^You do not have access to brand / },
];

/**
 * A 4xx about a field of the wizard is shown at that field, on its step (the wizard goes back there); a body the
 * schema refused names its place ('Invalid body: gwpConfig.giftProducts: …'). Anything else stays a toast.
 */
export const showAtWizardField =
  (
    form: Pick<UseFormReturn<WizardValues>, 'setError'>,
    type: WizardValues['discountType'],
    goTo: (step: Step) => void,
  ) =>
  (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return false;
    const message = errorMessage(error);
    const found: { field: string; message: string }[] = [];
    const invalid = /^Invalid (?:body|discount): (.*)$/s.exec(message);
    for (const problem of invalid?.[1]?.split('; ') ?? []) {
      const [, path, text] = /^([\w.]+): (.*)$/s.exec(problem) ?? [];
      const field = path ? fieldOfBodyPath(path.split('.')) : null;
      if (field && text) found.push({ field, message: text });
    }
    if (!invalid) {
      const rule = rules.find((r) => r.match.test(message));
      if (rule) found.push({ field: rule.field, message });
    }
    const first = found[0];
    if (!first) return false;
    goTo(stepOfField(first.field, type));
    // After the step's fields are on the page, so the first one can take the focus.
    setTimeout(() => {
      for (const f of found)
        form.setError(
          f.field as Path<WizardValues>,
          { type: 'server', message: f.message },
          { shouldFocus: f === first },
        );
    });
    return true;
  };
