import type { Brand, StoreListItem, SyncedCodeStatus, SyncedCodeType } from '@dm/events/http';
import { codeTypeWords } from '@/lib/glossary';
import { RefreshCw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const all = 'all';
export const SEARCH_DEBOUNCE_MS = 300;

export type Filters = {
  brandId: number | undefined;
  storeId: number | undefined;
  type: SyncedCodeType | undefined;
  status: SyncedCodeStatus | undefined;
};

type Props = {
  brands: readonly Brand[];
  /** Every store of the caller's brands; the store list shows the chosen brand's only. */
  stores: readonly StoreListItem[];
  filters: Filters;
  onFiltersChange: (filters: Filters) => void;
  onSearch: (search: string) => void;
  onRefresh: () => void;
  refreshing: boolean;
};

const typeOptions = [
  { value: all, label: 'All types' },
  { value: 'single', label: codeTypeWords.single },
  { value: 'multi', label: codeTypeWords.multi },
  { value: 'gwp', label: codeTypeWords.gwp },
  { value: 'manual', label: codeTypeWords.manual },
];
const statusOptions = [
  { value: all, label: 'All statuses' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'EXPIRED', label: 'Expired' },
  { value: 'SCHEDULED', label: 'Scheduled' },
];

/** Brand, store (of the chosen brand), type, status, a search debounced by 300 ms, and refresh (spec §2.8). */
export function CodesFilters({ brands, stores, filters, onFiltersChange, onSearch, onRefresh, refreshing }: Props) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  const brandStores = stores.filter((s) => filters.brandId === undefined || s.brandId === filters.brandId);
  const set = (change: Partial<Filters>) => onFiltersChange({ ...filters, ...change });
  const numberOr = (value: string) => (value === all ? undefined : Number(value));

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_repeat(4,1fr)_auto] lg:items-end">
      <div className="grid gap-1">
        <Label htmlFor="synced-codes-search">Search</Label>
        <div className="relative">
          <Search className="absolute top-2.5 left-2 size-4 text-muted-foreground" aria-hidden />
          <Input
            id="synced-codes-search"
            className="pl-8"
            placeholder="Search by code or discount title..."
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="synced-codes-brand">Brand</Label>
        <OptionSelect
          id="synced-codes-brand"
          value={filters.brandId === undefined ? all : String(filters.brandId)}
          onValueChange={(value) => set({ brandId: numberOr(value), storeId: undefined })}
          placeholder="All brands"
          options={[
            { value: all, label: 'All brands' },
            ...brands.map((b) => ({ value: String(b.id), label: b.name })),
          ]}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="synced-codes-store">Store</Label>
        <OptionSelect
          id="synced-codes-store"
          value={filters.storeId === undefined ? all : String(filters.storeId)}
          onValueChange={(value) => set({ storeId: numberOr(value) })}
          placeholder="All stores"
          options={[
            { value: all, label: 'All stores' },
            ...brandStores.map((s) => ({ value: String(s.id), label: s.name })),
          ]}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="synced-codes-type">Type</Label>
        <OptionSelect
          id="synced-codes-type"
          value={filters.type ?? all}
          onValueChange={(value) => set({ type: value === all ? undefined : (value as SyncedCodeType) })}
          placeholder="All types"
          options={typeOptions}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="synced-codes-status">Status</Label>
        <OptionSelect
          id="synced-codes-status"
          value={filters.status ?? all}
          onValueChange={(value) => set({ status: value === all ? undefined : (value as SyncedCodeStatus) })}
          placeholder="All statuses"
          options={statusOptions}
        />
      </div>
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw className={refreshing ? 'animate-spin' : undefined} /> Refresh
      </Button>
    </div>
  );
}
