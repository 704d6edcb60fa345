import type { SyncedCodeStats } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { codeTypeWords } from '@/lib/glossary';

const n = (value: number) => value.toLocaleString('en-US');

/** Spec §2.8: the four stat cards and the Codes by Store breakdown. */
export function StatCards({ stats }: { stats: UseQueryResult<SyncedCodeStats> }) {
  if (stats.isPending) return <ListSkeleton label="Loading the code statistics" rows={1} rowClassName="h-24" />;
  if (stats.isError) return <LoadError title="Failed to fetch stats" query={stats} />;
  const s = stats.data;
  const cards = [
    ['Total Codes', s.totalCodes, 'Codes synced from your stores'],
    ['Total Discounts', s.totalDiscounts, 'Unique discount sets'],
    [`${codeTypeWords.single}s`, s.singleCodeDiscounts, 'Discounts with one code'],
    [`${codeTypeWords.multi}s`, s.multiCodeDiscounts, 'Discounts with many codes'],
  ] as const;
  const stores = Object.entries(s.storeBreakdown);
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map(([title, value, caption]) => (
          <Card key={title}>
            <CardHeader>
              <CardTitle className="text-sm font-medium">{title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-2xl font-bold">{n(value)}</p>
              <p className="text-xs text-muted-foreground">{caption}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      {stores.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-sm font-medium">Codes by Store</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-x-12 gap-y-1 sm:grid-cols-2">
              {stores.map(([store, count]) => (
                <li key={store} className="flex justify-between gap-2">
                  <span className="break-words">{store}</span>
                  <span className="font-medium">{n(count)}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
