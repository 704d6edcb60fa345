import { screenNames } from '@/lib/glossary';
import type { Brand, CurrentUser, DiscountList, DiscountStats } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { usePageTitle } from '@/lib/use-page-title';
import { levelLabels, levelVariant } from '../utils/levels';
import { QuickActions } from './quick-actions';
import { RecentDiscounts } from './recent-discounts';
import { figureOf, SummaryCard } from './summary-card';

type Props = {
  user: CurrentUser;
  brands: UseQueryResult<Brand[]>;
  discounts: UseQueryResult<DiscountList>;
  stats: UseQueryResult<DiscountStats>;
};

const initials = (u: CurrentUser) =>
  `${u.firstName?.[0] ?? ''}${u.lastName?.[0] ?? ''}`.toUpperCase() || (u.email[0] ?? '?').toUpperCase();
const fullName = (u: CurrentUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

// Spec 000 §2.4 captions the total 'Active campaigns'; ended, expired and scheduled ones are not (issue 25).
const activeCaption = (stats: UseQueryResult<DiscountStats>) =>
  stats.isSuccess
    ? `${stats.data.activeDiscounts.toLocaleString('en')} active ${stats.data.activeDiscounts === 1 ? 'campaign' : 'campaigns'}`
    : 'Active campaigns';

/** Spec 000 §2.4: who is signed in, four numbers, quick actions by level, the five newest discounts. */
export function DashboardScreen({ user, brands, discounts, stats }: Props) {
  usePageTitle(screenNames['/']);
  const brandNames = brands.data?.map((b) => b.name).join(', ');
  return (
    <section className="grid gap-6">
      <header className="flex flex-wrap items-center gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold">{screenNames['/']}</h1>
          <p className="break-words text-sm text-muted-foreground">
            Brands: {brands.isPending ? '…' : brands.isError ? 'could not be loaded' : brandNames || 'none'}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {user.profileImageUrl ? (
            <img src={user.profileImageUrl} alt="" className="size-10 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-muted font-medium"
            >
              {initials(user)}
            </span>
          )}
          <span className="font-medium break-words">{fullName(user)}</span>
          <Badge variant={levelVariant[user.permissionLevel]}>{levelLabels[user.permissionLevel]}</Badge>
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryCard
          title="Total Discounts"
          caption={activeCaption(stats)}
          figure={figureOf(discounts, (d) => d.total)}
        />
        <SummaryCard title="Total Codes" caption="Discount codes" figure={figureOf(stats, (s) => s.totalCodes)} />
        <SummaryCard
          title="Your Access"
          caption={brands.data?.length === 1 ? 'Brand you work in' : 'Brands you work in'}
          figure={figureOf(brands, (b) => b.length)}
        />
        <SummaryCard
          title="Permission Level"
          caption="Your access level"
          figure={{ value: levelLabels[user.permissionLevel] }}
        />
      </div>
      {stats.isError ? <LoadError title="Failed to fetch the code count" query={stats} /> : null}

      <QuickActions level={user.permissionLevel} />
      <RecentDiscounts level={user.permissionLevel} discounts={discounts} />
    </section>
  );
}
