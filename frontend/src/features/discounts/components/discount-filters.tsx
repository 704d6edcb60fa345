import { discountTypeNames } from '@/lib/glossary';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export const typeOptions = [
  { value: 'all', label: 'All types' },
  { value: 'gwp', label: discountTypeNames.gwp },
  { value: 'multi', label: discountTypeNames.multi },
  { value: 'percentage', label: discountTypeNames.percentage },
  { value: 'fixed_amount', label: discountTypeNames.fixed_amount },
] as const;

type Props = {
  type: string;
  from: string;
  to: string;
  onChange: (changes: { type?: string; from?: string; to?: string }) => void;
  onClear: () => void;
};

/** Spec 001 §2.1's Filters panel: type, Date From / Date To by creation date (To includes its whole day), Clear. */
export default function DiscountFilters({ type, from, to, onChange, onClear }: Props) {
  return (
    <div
      id="discount-filters"
      className="grid gap-4 rounded-md border p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor="filter-type">Type</Label>
        <OptionSelect
          id="filter-type"
          options={typeOptions}
          value={type}
          onValueChange={(v) => onChange({ type: v })}
          placeholder="All types"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-from">Date From</Label>
        <Input
          id="filter-from"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-to">Date To</Label>
        <Input
          id="filter-to"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
      <Button variant="outline" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}
