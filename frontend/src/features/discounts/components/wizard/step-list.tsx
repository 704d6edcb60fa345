import { Button } from '@/components/ui/button';
import { type Step, STEPS } from '../../utils/wizard-steps';

type Props = {
  step: Step;
  reached: Step;
  /** A multi discount has no Products step. */
  skipsProducts: boolean;
  onOpen: (step: Step) => void;
};

/** The five steps; each step reached so far opens again with a click (issue 25), the current one is marked. */
export function StepList({ step, reached, skipsProducts, onOpen }: Props) {
  return (
    <ol aria-label="Steps" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {STEPS.map((name, i) => {
        const n = (i + 1) as Step;
        const skipped = skipsProducts && n === 2;
        const label = `${n}. ${name}`;
        if (n === step)
          return (
            <li key={name} aria-current="step" className="font-semibold">
              {label}
            </li>
          );
        if (skipped)
          return (
            <li key={name} className="text-muted-foreground line-through">
              {label}
            </li>
          );
        return (
          <li key={name} className="text-muted-foreground">
            {n <= reached ? (
              <Button
                type="button"
                variant="link"
                className="h-auto p-0 text-foreground underline underline-offset-4"
                onClick={() => onOpen(n)}
              >
                {label}
              </Button>
            ) : (
              label
            )}
          </li>
        );
      })}
    </ol>
  );
}
