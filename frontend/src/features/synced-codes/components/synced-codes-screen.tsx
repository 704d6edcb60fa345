import { screenNames } from '@/lib/glossary';
import type { Brand, StoreListItem } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { usePageTitle } from '@/lib/use-page-title';
import { SYNCED_CODES_PAGE_SIZE, useSyncedCodes } from '../api/get-synced-codes';
import { useSyncedCodeStats } from '../api/get-synced-code-stats';
import { pageCount } from '../utils/format';
import { CodesFilters, type Filters } from './codes-filters';
import { CodesTable } from './codes-table';
import { PageJump } from './page-jump';
import { StatCards } from './stat-cards';

type Props = { brands: UseQueryResult<Brand[]>; stores: UseQueryResult<StoreListItem[]> };

/** Synced Codes (spec §2.8): stats, filters, the table of codes, pagination. */
export function SyncedCodesScreen({ brands, stores }: Props) {
  usePageTitle(screenNames['/synced-codes']);
  const [filters, setFilters] = useState<Filters>({
    brandId: undefined,
    storeId: undefined,
    type: undefined,
    status: undefined,
  });
  const [search, setSearch] = useState('');
  // The page lives in the address: a link or a reload opens the same page.
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set('page', String(next));
          else updated.delete('page');
          return updated;
        },
        { replace: false },
      ),
    [setParams],
  );
  const codes = useSyncedCodes({ ...filters, search, page });
  const stats = useSyncedCodeStats(filters.brandId);
  const onSearch = useCallback(
    (value: string) => {
      setSearch((previous) => {
        if (previous !== value) setPage(1);
        return value;
      });
    },
    [setPage],
  );
  const pages = pageCount(codes.data?.total ?? 0, SYNCED_CODES_PAGE_SIZE);

  return (
    <section className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{screenNames['/synced-codes']}</h1>
        <p className="text-muted-foreground">Every discount code found in your stores by the last sync.</p>
      </div>
      <StatCards stats={stats} />
      <CodesFilters
        brands={brands.data ?? []}
        stores={stores.data ?? []}
        filters={filters}
        onFiltersChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
        onSearch={onSearch}
        onRefresh={() => void Promise.all([codes.refetch(), stats.refetch()])}
        refreshing={codes.isFetching || stats.isFetching}
      />
      {codes.isPending ? <ListSkeleton label="Loading synced codes" rows={5} rowClassName="h-10" /> : null}
      {codes.isError ? <LoadError title="Failed to fetch synced codes" query={codes} /> : null}
      {codes.isSuccess && codes.data.codes.length === 0 ? (
        <p className="rounded-md border p-8 text-center text-muted-foreground">
          No codes found. Try syncing codes from the{' '}
          <Link to="/code-sync" className="font-medium text-foreground underline underline-offset-4">
            Code Sync page
          </Link>
          .
        </p>
      ) : null}
      {codes.isSuccess && codes.data.codes.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {codes.data.total.toLocaleString()} {codes.data.total === 1 ? 'code' : 'codes'}
          </p>
          <CodesTable codes={codes.data.codes} />
        </>
      ) : null}
      {pages > 1 ? <PageJump page={Math.min(page, pages)} pages={pages} onPage={setPage} /> : null}
    </section>
  );
}
