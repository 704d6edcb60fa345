import type { Brand } from '@dm/events/http';
import type { Ref } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

type Props = {
  brands: readonly Brand[];
  value: number[];
  onChange: (next: number[]) => void;
  idPrefix: string;
  /** The first box, so a form can focus the group when it is in error. */
  firstRef?: Ref<HTMLButtonElement>;
  invalid?: boolean;
};

/** The brand-access checkbox list of the Add User dialog and the inline role edit. */
export function BrandCheckboxes({ brands, value, onChange, idPrefix, firstRef, invalid }: Props) {
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...value, id].sort((a, b) => a - b) : value.filter((v) => v !== id));
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-3">
      {brands.map((brand, index) => (
        <Label key={brand.id} htmlFor={`${idPrefix}-brand-${brand.id}`} className="font-normal">
          <Checkbox
            id={`${idPrefix}-brand-${brand.id}`}
            ref={index === 0 ? firstRef : undefined}
            aria-invalid={invalid || undefined}
            checked={value.includes(brand.id)}
            onCheckedChange={(checked) => toggle(brand.id, checked === true)}
          />
          {brand.name}
        </Label>
      ))}
    </div>
  );
}
