import type { CheckCodesAnswer } from '@dm/events/http';
import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { listed, plural, storeLabel } from '../utils/format';
import type { CodeStore } from './code-store';

type Props = {
  codeCount: number;
  answer: CheckCodesAnswer;
  stores: readonly CodeStore[];
  onShowConflicts: () => void;
};

/** What the availability check found: every code free in the chosen stores, or how many conflict. */
export function CheckOutcome({ codeCount, answer, stores, onShowConflicts }: Props) {
  if (answer.canCreate)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-green-700">
        <CircleCheck className="size-4" aria-hidden="true" />
        {codeCount === 1 ? 'The code is' : `All ${codeCount} codes are`} available in {listed(stores.map(storeLabel))}.
      </p>
    );
  return (
    <p role="status" className="text-sm text-destructive">
      {plural(answer.conflicts.length, 'code')} already exist in some of the chosen stores.{' '}
      <Button type="button" variant="link" className="h-auto p-0" onClick={onShowConflicts}>
        Show conflicts
      </Button>
    </p>
  );
}
