import { discountTypeNames } from '@/lib/glossary';
import { type DiscountList, hasLevel, type PermissionLevel, screenPolicy } from '@dm/events/http';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ListSkeleton, LoadError } from '@/components/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const RECENT = 5;

/** Spec 000 §2.4: the five newest discounts, Manage → the list with that discount open; View All; the empty state. */
export function RecentDiscounts({
  level,
  discounts,
}: {
  level: PermissionLevel;
  discounts: UseQueryResult<DiscountList>;
}) {
  return (
    <Card className="gap-0 py-0">
      <CardHeader className="flex flex-row items-center justify-between border-b py-4">
        <CardTitle>Recent Discounts</CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to="/discounts">View All</Link>
        </Button>
      </CardHeader>
      <CardContent className="px-0">
        {discounts.isPending ? (
          <div className="p-4">
            <ListSkeleton label="Loading recent discounts" rows={RECENT} rowClassName="h-14" />
          </div>
        ) : discounts.isError ? (
          <LoadError title="Failed to fetch discounts" query={discounts} className="m-4" />
        ) : discounts.data.data.length === 0 ? (
          <div className="grid justify-items-center gap-3 p-8 text-center">
            <p className="text-muted-foreground">No discounts created yet</p>
            {hasLevel(level, screenPolicy['/discounts/create']) ? (
              <Button asChild>
                <Link to="/discounts/create">Create Your First Discount</Link>
              </Button>
            ) : null}
          </div>
        ) : (
          <ul aria-label="Recent discounts">
            {discounts.data.data.slice(0, RECENT).map((d) => (
              <li key={d.id} className="flex items-center gap-3 border-b px-4 py-3 last:border-b-0">
                <Badge variant={d.discountType === 'gwp' ? 'default' : 'secondary'}>
                  {discountTypeNames[d.discountType]}
                </Badge>
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">
                    {d.name}
                    {d.status === 'ended' ? (
                      <Badge variant="outline" className="ml-2">
                        Ended
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-sm text-muted-foreground break-words">{d.description || 'No description'}</p>
                </div>
                <Button asChild variant="outline" size="sm">
                  <Link to={`/discounts?id=${d.id}`} aria-label={`Manage ${d.name}`}>
                    Manage
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
