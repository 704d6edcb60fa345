import { ChevronDownIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { SelectOption } from '@/components/option-select';
import { cn } from '@/lib/cn';

const LoadedSelect = lazy(() => import('./loaded-select'));

export type DeferredSelectProps = {
  id: string;
  options: readonly SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
};

// The look of `SelectTrigger` (components/ui/select.tsx), so nothing moves when the real one replaces it.
const triggerClasses =
  'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border bg-transparent px-3 py-2 text-left text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * A Radix Select (`OptionSelect`'s parts) that fetches its code (Radix Select and Floating UI, about 15 KB) when a
 * person first opens it: the brand selector sits on a first signed-in page with 2 KB to spare (0220, 1056).
 * Until then a button of the same look shows the chosen option and opens the real list on click or key.
 */
export function DeferredSelect(props: DeferredSelectProps) {
  const [wanted, setWanted] = useState(false);
  const chosen = props.options.find((o) => o.value === props.value)?.label ?? '';
  const open = () => setWanted(true);
  const standIn = (
    <button
      id={props.id}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      className={cn(triggerClasses, props.className)}
      onClick={open}
      onKeyDown={(e) => {
        if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(e.key)) {
          e.preventDefault();
          open();
        }
      }}
    >
      <span className="line-clamp-1">{chosen}</span>
      <ChevronDownIcon className="size-4 shrink-0 opacity-50" />
    </button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LoadedSelect {...props} />
    </Suspense>
  );
}
