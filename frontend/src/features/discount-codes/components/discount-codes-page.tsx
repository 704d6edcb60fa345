import type { DiscountDetail } from '@dm/events/http';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, Search } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { usePageTitle } from '@/lib/use-page-title';
import { useDiscountCodes } from '../api/get-discount-codes';
import { AddCodesDialog } from './add-codes-dialog';
import { CodesPagination } from './codes-pagination';
import { CodesTable } from './codes-table';
import { DiscountHeader } from './discount-header';
import { NotDeployedBanner } from './not-deployed-banner';

const SEARCH_PAUSE_MS = 300;

type Props = {
  discountId: string;
  discount: UseQueryResult<DiscountDetail>;
  canDelete: boolean;
  /** The discount queries (they show the count), asked again after an add or a delete. */
  alsoChanged: readonly QueryKey[];
  /** Each store's deployment state, with Retry for admins (the discounts feature's panel). */
  storeStates: ReactNode;
  /**
   * Where the CSV import and export and the pattern generator mount (`<CodesToolbarActions discountId />`), beside
   * Add Codes.
   */
  toolbarActions?: ReactNode;
};

const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** Spec 001 §2.5: `/discounts/:id/codes`, the discount, its codes searched and paged on the server. */
export function DiscountCodesPage({
  discountId,
  discount,
  canDelete,
  alsoChanged,
  storeStates,
  toolbarActions,
}: Props) {
  usePageTitle(discount.data ? `${discount.data.name} codes` : 'Discount Codes');
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const searched = params.get('search') ?? '';
  const [search, setSearch] = useState(searched);
  const codes = useDiscountCodes(discountId, { page, search: searched });
  const answer = codes.data;

  useEffect(() => {
    if (search === searched) return;
    const timer = setTimeout(
      () =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          if (search.trim()) next.set('search', search);
          else next.delete('search');
          next.delete('page');
          return next;
        }),
      SEARCH_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  });
  const toPage = (n: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(n));
      return next;
    });
  const notDeployed = answer !== undefined && answer.availableStores.length === 0;
  const endedAt = discount.data?.endedAt ?? null;

  return (
    <section className="grid gap-4">
      <header className="flex items-center gap-3">
        <Button variant="ghost" size="icon" asChild>
          <Link to="/discounts" aria-label="Back to discounts">
            <ArrowLeft />
          </Link>
        </Button>
        <h1 className="min-w-0 flex-1 break-words text-2xl font-bold">{discount.data?.name ?? 'Discount Codes'}</h1>
      </header>

      {discount.isPending ? (
        <ListSkeleton label="Loading the discount" rows={1} rowClassName="h-28" />
      ) : discount.isError ? (
        <LoadError title="Failed to fetch the discount" query={discount} />
      ) : (
        <>
          <DiscountHeader discount={discount.data} codeCount={searched ? undefined : answer?.total} />
          {storeStates}
          {notDeployed || endedAt ? <NotDeployedBanner endedAt={endedAt} /> : null}
        </>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-56">
          <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search codes"
            placeholder="Code, influencer or creator email"
            className="pl-8"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div data-slot="codes-toolbar-actions" className="flex flex-wrap items-center gap-2">
          {toolbarActions}
          <AddCodesDialog
            discountId={discountId}
            stores={answer?.availableStores}
            alsoChanged={alsoChanged}
            trigger="add"
            ended={endedAt !== null}
          />
        </div>
      </div>

      <Card className="gap-0 py-0">
        <CardContent className="px-0">
          {codes.isPending ? (
            <div className="p-4">
              <ListSkeleton label="Loading codes" rows={5} rowClassName="h-10" />
            </div>
          ) : codes.isError ? (
            <LoadError title="Failed to fetch codes" query={codes} className="m-4" />
          ) : codes.data.data.length === 0 ? (
            <div className="grid gap-1 p-8 text-center">
              <p className="font-medium">No codes found</p>
              <p className="text-sm text-muted-foreground">
                {searched
                  ? `Nothing matches "${searched}". The search looks at codes, influencers and creators' emails.`
                  : endedAt
                    ? 'This discount has ended: no codes can be added.'
                    : notDeployed
                      ? 'Codes can be added once the discount is live in a store.'
                      : 'Add codes with Add Codes: they are checked in every store before they are created.'}
              </p>
            </div>
          ) : (
            <CodesTable
              discountId={discountId}
              codes={codes.data.data}
              stores={codes.data.availableStores}
              canDelete={canDelete}
              alsoChanged={alsoChanged}
            />
          )}
        </CardContent>
      </Card>

      {answer ? (
        <CodesPagination page={page} totalPages={answer.totalPages} total={answer.total} onPage={toPage} />
      ) : null}
    </section>
  );
}
