import { lazy, type ReactNode, Suspense, useState } from 'react';
import { cn } from '@/lib/cn';

const LoadedHoverNote = lazy(() => import('./loaded-hover-note'));

type Props = {
  /** What the tooltip says (the full store list, a failure's reason). */
  note: ReactNode;
  /** The trigger's accessible name: it carries the note's text, so nothing depends on the tooltip being loaded. */
  label: string;
  className?: string;
  children: ReactNode;
};

/**
 * A Radix tooltip whose code (Radix Tooltip and its positioning library, 12 KB) is fetched the first time a
 * person points at or focuses one of these, not with the list: the list is a first signed-in page (0220, 1056).
 */
export function HoverNote({ note, label, className, children }: Props) {
  const [armed, setArmed] = useState<'pointer' | 'focus' | null>(null);
  const classes = cn('inline-flex cursor-default items-center rounded-md outline-none focus-visible:ring-2', className);
  const plain = (
    <button
      type="button"
      aria-label={label}
      className={classes}
      onPointerEnter={() => setArmed((a) => a ?? 'pointer')}
      onFocus={() => setArmed((a) => a ?? 'focus')}
    >
      {children}
    </button>
  );
  if (!armed) return plain;
  return (
    <Suspense fallback={plain}>
      <LoadedHoverNote note={note} label={label} className={classes} focus={armed === 'focus'}>
        {children}
      </LoadedHoverNote>
    </Suspense>
  );
}
