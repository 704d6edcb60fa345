import { CircleCheck } from 'lucide-react';
import { listed, storeLabel } from '../utils/format';
import type { CodeStore } from './code-store';

type Props = { codeCount: number; stores: readonly CodeStore[] };

/** What the availability check found when every code is free in the chosen stores (conflicts have their own view). */
export function CheckOutcome({ codeCount, stores }: Props) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-green-700">
      <CircleCheck className="size-4" aria-hidden="true" />
      {codeCount === 1 ? 'The code is' : `All ${codeCount} codes are`} available in {listed(stores.map(storeLabel))}.
    </p>
  );
}
