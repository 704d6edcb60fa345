import type { Path, UseFormReturn } from 'react-hook-form';
import type { WizardValues } from '../../utils/wizard-form';

type Props = {
  form: UseFormReturn<WizardValues>;
  name: Path<WizardValues>;
  legend: string;
  error?: string | undefined;
  choices: readonly { value: string; label: string; hint?: string }[];
};

/** A group of radio buttons with its legend and its error, read together. */
export function RadioChoices({ form, name, legend, error, choices }: Props) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary"
          >
            <input type="radio" value={c.value} className="mt-0.5" {...form.register(name)} />
            <span className="grid gap-0.5">
              <span className="font-medium">{c.label}</span>
              {c.hint ? <span className="text-muted-foreground">{c.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
