import { useEffect, useRef } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { DeferredSelectProps } from './deferred-select';

/** The real select, opened at once: it was loaded because a person opened its stand-in. */
export default function LoadedSelect({ id, options, value, onValueChange, className }: DeferredSelectProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => trigger.current?.focus(), []);
  return (
    <Select defaultOpen value={value} onValueChange={onValueChange}>
      <SelectTrigger ref={trigger} id={id} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
