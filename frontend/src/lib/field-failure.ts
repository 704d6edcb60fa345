import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from './api-client';

/** A refusal the server words without naming a field (a taken code), and the field of the form it is about. */
export type FieldRule<F extends string> = { readonly field: F; readonly match: RegExp };

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Which field a 4xx answer is about, and what to say there. A body the server's schema refused names its
 * fields ('Invalid body: code: A region code is 2 to 10 letters.'); other refusals are matched by the form's
 * rules. A 5xx, a network failure or an unmatched 4xx is about no field: it stays an outcome (a toast).
 */
export const fieldOfFailure = <F extends string>(
  error: unknown,
  fields: readonly F[],
  rules: readonly FieldRule<F>[],
): { field: F; message: string } | null => {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  const message = errorMessage(error);
  const invalid = /^Invalid body: (.*)$/.exec(message);
  for (const problem of invalid?.[1]?.split('; ') ?? []) {
    const [, name, text] = /^(\w+): (.*)$/.exec(problem) ?? [];
    const field = fields.find((f) => f === name);
    if (field && text) return { field, message: sentence(text) };
  }
  const rule = rules.find((r) => r.match.test(message));
  return rule ? { field: rule.field, message } : null;
};

/**
 * For a form's write: puts a failure that is about one of its fields under that field (and focuses it),
 * answering whether it did; the write then shows no failure toast.
 */
export const showAtField =
  <T extends FieldValues>(
    form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
    rules: readonly FieldRule<Path<T>>[],
  ) =>
  (error: unknown): boolean => {
    const found = fieldOfFailure(error, Object.keys(form.getValues()) as Path<T>[], rules);
    if (!found) return false;
    form.setError(found.field, { type: 'server', message: found.message }, { shouldFocus: true });
    return true;
  };
