import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Step } from '../../utils/wizard-steps';

const asStep = (value: string | null): Step | null => {
  const n = Number(value);
  return n === 1 || n === 2 || n === 3 || n === 4 || n === 5 ? n : null;
};

/**
 * The step lives in the address (`?step=3`), so Back and Forward move between steps and a reload stays on its
 * step; a step past the furthest one reached (whose earlier steps passed Next) opens as that one.
 */
export const useWizardStep = (initialReached: Step) => {
  const [params, setParams] = useSearchParams();
  const [reached, setReached] = useState<Step>(initialReached);
  const inAddress = asStep(params.get('step')) ?? 1;
  // Set at once by goTo (the step's fields are on the page before anything focuses them), and from the address
  // when Back or Forward changes it.
  const [step, setStep] = useState<Step>(Math.min(inAddress, reached) as Step);
  const reachedNow = useRef(reached);
  reachedNow.current = reached;
  useEffect(() => setStep(Math.min(inAddress, reachedNow.current) as Step), [inAddress]);
  const goTo = (target: Step, options: { replace?: boolean } = {}) => {
    if (target > reached) setReached(target);
    setStep(target);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('step', String(target));
        return next;
      },
      { replace: options.replace ?? false },
    );
    window.scrollTo({ top: 0 });
  };
  const restart = () => {
    setReached(1);
    goTo(1, { replace: true });
  };
  return { step, reached, goTo, restart };
};
