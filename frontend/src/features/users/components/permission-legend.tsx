import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const levels = [
  {
    label: 'Super Admin (Level 4)',
    variant: 'default',
    text: 'Full system access, manages all stores and regions, adds any level.',
  },
  {
    label: 'Admin (Level 3)',
    variant: 'secondary',
    text: 'Creates discounts, manages products, stores and sync, adds level 1-2 users.',
  },
  {
    label: 'Manager (Level 2)',
    variant: 'outline',
    text: 'Deletes codes, accesses the dashboard, adds level 1 users.',
  },
  { label: 'User (Level 1)', variant: 'outline', text: 'Views discounts and adds codes to existing discounts only.' },
] as const;

/** Spec §2.5: the legend card describing the levels. */
export function PermissionLegend() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Permission Levels</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {levels.map((level) => (
          <div key={level.label} className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={level.variant}>{level.label}</Badge>
            <span className="text-muted-foreground">{level.text}</span>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
