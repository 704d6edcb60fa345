import type { Brand } from '@dm/events/http';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

type Props = {
  brands: Brand[];
  value: number[];
  onChange: (next: number[]) => void;
  idPrefix: string;
};

/** The brand-access checkbox list of the Add User dialog and the inline role edit. */
export function BrandCheckboxes({ brands, value, onChange, idPrefix }: Props) {
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id].sort((a, b) => a - b) : value.filter((v) => v !== id));
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-2">
      {brands.map((brand) => (
        <Label key={brand.id} htmlFor={`${idPrefix}-brand-${brand.id}`} className="font-normal">
          <Checkbox
            id={`${idPrefix}-brand-${brand.id}`}
            checked={value.includes(brand.id)}
            onCheckedChange={(checked) => toggle(brand.id, checked === true)}
          />
          {brand.name}
        </Label>
      ))}
    </div>
  );
}
