import { Slot } from 'radix-ui';
import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

type Props = {
  id: string;
  label: string;
  /** What is wrong with the value, shown under the field and read with it. */
  error?: string | undefined;
  /** Shown under the control while there is no error (a preview, a hint). */
  hint?: ReactNode;
  /** One control (input, select trigger, checkbox group): it gets the id and the error wiring. */
  children: ReactNode;
};

/** A labelled control with its error under it, wired for screen readers (`aria-invalid`, `aria-describedby`). */
export function FormField({ id, label, error, hint, children }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Slot.Root id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
        {children}
      </Slot.Root>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        hint
      )}
    </div>
  );
}
