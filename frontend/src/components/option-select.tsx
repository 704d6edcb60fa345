import type { ComponentProps } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type SelectOption = { readonly value: string; readonly label: string };

type Props = Omit<ComponentProps<typeof SelectTrigger>, 'value' | 'onChange' | 'children'> & {
  options: readonly SelectOption[];
  /** '' shows the placeholder. */
  value: string;
  onValueChange: (value: string) => void;
  placeholder: string;
};

/**
 * A Radix Select over a list of options: the trigger takes the label's id, `aria-*` and a ref (so a form can
 * focus it on an error); the list opens below it. Use it wherever a native `<select>` would go.
 */
export function OptionSelect({ options, value, onValueChange, placeholder, disabled, ...trigger }: Props) {
  return (
    <Select value={value} onValueChange={onValueChange} {...(disabled === undefined ? {} : { disabled })}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
