import { screenNames } from '@/lib/glossary';
import type { Brand } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, Plus, Search, SlidersHorizontal } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { usePageTitle } from '@/lib/use-page-title';
import { useDiscounts } from '../api/get-discounts';
import { type ListParams, readListParams, toListFilter, withParams } from '../utils/list-params';
import { DeferredSelect } from './deferred-select';
import { DiscountTable } from './discount-table';
import { ListPagination } from './list-pagination';

const DiscountFilters = lazy(() => import('./discount-filters'));
const DiscountDetailSheet = lazy(() => import('./discount-detail-sheet'));

/** The server's page size for the list (its default). */
const PAGE_SIZE = 50;
const SEARCH_PAUSE_MS = 300;

type Props = {
  brands: UseQueryResult<Brand[]>;
  /** New Discount (admin and above, from the policy table). */
  canCreate: boolean;
  /** Retry a failed store, end a discount (admin and above). */
  canManage: boolean;
  /** The back link goes to the dashboard, which users below manager do not have. */
  canSeeDashboard: boolean;
  /** A discount's codes dialog (`?id=`, spec 001 §2.2), from the codes feature; lazy, so the list does not wait. */
  codesDialog: (id: string, onClose: () => void) => ReactNode;
};

/** Spec 001 §2.1: the discount list, its filters, the codes dialog of `?id=` and the detail panel of `?details=`. */
export function DiscountListScreen({ brands, canCreate, canManage, canSeeDashboard, codesDialog }: Props) {
  usePageTitle(screenNames['/discounts']);
  const [params, setParams] = useSearchParams();
  const state = readListParams(params);
  const list = useDiscounts(toListFilter(state));
  const [filtersOpen, setFiltersOpen] = useState(state.type !== 'all' || state.from !== '' || state.to !== '');
  const [search, setSearch] = useState(state.search);
  const change = (changes: Partial<Record<keyof ListParams, string | null>>) =>
    setParams((current) => withParams(current, changes));

  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => change({ search }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  });

  const brandList = brands.data ?? [];
  const filtered =
    state.search !== '' || state.type !== 'all' || state.from !== '' || state.to !== '' || state.brand !== 'all';
  const clearFilters = () => {
    setSearch('');
    change({ type: null, from: null, to: null, search: null, brand: null });
  };
  const detailsHref = (details: string) => `?${withParams(params, { details }).toString()}`;
  const codesHref = (id: string) => `?${withParams(params, { id }).toString()}`;

  return (
    <section className="grid gap-4">
      <header className="flex flex-wrap items-center gap-3">
        {canSeeDashboard ? (
          <Button variant="ghost" size="icon" asChild>
            <Link to="/" aria-label="Back to dashboard">
              <ArrowLeft />
            </Link>
          </Button>
        ) : null}
        <h1 className="flex-1 text-2xl font-bold">{screenNames['/discounts']}</h1>
        {canCreate ? (
          <Button asChild>
            <Link to="/discounts/create">
              <Plus />
              New Discount
            </Link>
          </Button>
        ) : null}
      </header>

      <div className="flex flex-wrap items-center gap-2">
        {brandList.length > 1 ? (
          <div className="w-full sm:w-48">
            <label htmlFor="brand-filter" className="sr-only">
              Brand
            </label>
            <DeferredSelect
              id="brand-filter"
              value={state.brand}
              onValueChange={(brand) => change({ brand })}
              options={[
                { value: 'all', label: 'All Brands' },
                ...brandList.map((b) => ({ value: String(b.id), label: b.name })),
              ]}
            />
          </div>
        ) : null}
        <div className="relative min-w-0 flex-1 basis-56">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search discounts"
            placeholder="Search by name or description..."
            className="pl-8"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Button
          variant="outline"
          aria-expanded={filtersOpen}
          aria-controls="discount-filters"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <SlidersHorizontal />
          Filters
        </Button>
      </div>

      {filtersOpen ? (
        <Suspense fallback={<div className="h-36 rounded-md border sm:h-[5.5rem]" />}>
          <DiscountFilters
            type={state.type}
            from={state.from}
            to={state.to}
            onChange={(changes) => change(changes)}
            onClear={clearFilters}
          />
        </Suspense>
      ) : null}

      <Card className="gap-0 py-0">
        <CardContent className="px-0">
          {list.isPending ? (
            <div className="p-4">
              <ListSkeleton label="Loading discounts" rows={5} rowClassName="h-12" />
            </div>
          ) : list.isError ? (
            <LoadError title="Failed to fetch discounts" query={list} className="m-4" />
          ) : list.data.data.length === 0 ? (
            <div className="grid justify-items-center gap-3 p-8 text-center text-muted-foreground">
              <p>No discounts found</p>
              {filtered ? (
                <Button variant="outline" onClick={clearFilters}>
                  Clear search and filters
                </Button>
              ) : canCreate ? (
                <Button asChild>
                  <Link to="/discounts/create">
                    <Plus />
                    Create the first discount
                  </Link>
                </Button>
              ) : (
                <p className="text-sm">Discounts appear here once an admin creates one for your brands.</p>
              )}
            </div>
          ) : (
            <DiscountTable discounts={list.data.data} detailsHref={detailsHref} codesHref={codesHref} />
          )}
        </CardContent>
      </Card>

      {list.data ? (
        <ListPagination
          page={state.page}
          totalPages={list.data.totalPages}
          total={list.data.total}
          pageSize={PAGE_SIZE}
          onPage={(page) => change({ page: String(page) })}
        />
      ) : null}

      {state.details ? (
        <Suspense fallback={null}>
          <DiscountDetailSheet id={state.details} canManage={canManage} onClose={() => change({ details: null })} />
        </Suspense>
      ) : null}
      {state.id ? codesDialog(state.id, () => change({ id: null })) : null}
    </section>
  );
}
