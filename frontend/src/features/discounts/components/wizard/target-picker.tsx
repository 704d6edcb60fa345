import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { type CatalogChoice, matching } from '../../utils/catalog-groups';

type Props = {
  id: string;
  choices: readonly CatalogChoice[];
  /** The chosen group's id, '' for none. */
  value: string;
  valueLabel: string;
  onChange: (choice: CatalogChoice) => void;
  placeholder: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

const SHOWN = 8;

/** A searchable picker of one product or collection group: type to narrow, pick from the list under it. */
export function TargetPicker({
  id,
  choices,
  value,
  valueLabel,
  onChange,
  placeholder,
  disabled,
  invalid,
  describedBy,
}: Props) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const shown = matching(choices, search).slice(0, SHOWN);
  const listId = `${id}-list`;
  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        placeholder={value ? valueLabel : placeholder}
        value={open ? search : value ? valueLabel : ''}
        onFocus={() => {
          setSearch('');
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
          if (e.key === 'Enter' && shown[0]) {
            e.preventDefault();
            onChange(shown[0]);
            setOpen(false);
          }
        }}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-background p-1 shadow-md"
        >
          {shown.length === 0 ? (
            <li className="p-2 text-sm text-muted-foreground">Nothing matches.</li>
          ) : (
            shown.map((c) => (
              <li
                key={c.id}
                role="option"
                aria-selected={c.id === value}
                className="cursor-pointer rounded-sm px-2 py-1.5 text-sm hover:bg-accent aria-selected:font-medium"
                // Before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  onChange(c);
                  setOpen(false);
                }}
              >
                <span className="block break-words">{c.label}</span>
                <span className="block text-xs text-muted-foreground break-words">{c.detail}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
