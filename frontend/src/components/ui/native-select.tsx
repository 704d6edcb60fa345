import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A styled native `<select>`: keyboard, screen readers and mobile pickers work without extra code. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        'h-9 w-full rounded-md border bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}

export const NativeSelectOption = (props: ComponentProps<'option'>) => (
  <option data-slot="native-select-option" {...props} />
);
export const NativeSelectOptGroup = (props: ComponentProps<'optgroup'>) => (
  <optgroup data-slot="native-select-optgroup" {...props} />
);
