import { hasLevel, type PermissionLevel, screenPolicy } from '@dm/events/http';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { listOf, roleNames, screenNames } from '@/lib/glossary';
import { levelBadgeVariant } from '../utils/user-display';

const levels: { level: PermissionLevel; rank: number; does: string }[] = [
  {
    level: 'super_admin',
    rank: 4,
    does: 'Everything an admin does, plus stores, countries and regions; adds any role.',
  },
  {
    level: 'admin',
    rank: 3,
    does: 'Creates and ends discounts, manages products and code sync; adds managers and users.',
  },
  { level: 'manager', rank: 2, does: 'Deletes codes; adds users.' },
  { level: 'user', rank: 1, does: 'Views discounts and adds codes to them.' },
];

/** The screens a level opens, read from the same policy table as the navigation and the route guards. */
export const screensFor = (level: PermissionLevel): string[] => [
  ...new Set(
    (Object.keys(screenPolicy) as (keyof typeof screenPolicy)[])
      .filter((path) => !path.includes(':') && hasLevel(level, screenPolicy[path]))
      .map((path) => screenNames[path]),
  ),
];

/** Spec §2.5: the legend card describing the levels. */
export function PermissionLegend() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Permission Levels</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {levels.map(({ level, rank, does }) => (
          <div key={level} className="flex flex-wrap items-center gap-2 text-sm" data-testid={`legend-${level}`}>
            <Badge variant={levelBadgeVariant(level)}>
              {roleNames[level]} (Level {rank})
            </Badge>
            <span className="text-muted-foreground">
              {does} Opens {listOf(screensFor(level))}.
            </span>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
