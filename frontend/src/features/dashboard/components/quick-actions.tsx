import { discountTypeNames } from '@/lib/glossary';
import { hasLevel, type PermissionLevel, screenPolicy } from '@dm/events/http';
import { Link } from 'react-router-dom';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

type Action = { title: string; caption: string; to: keyof typeof screenPolicy; minLevel: PermissionLevel };

/**
 * Spec 000 §2.4's quick actions. Each shows only to those its screen lets in: a manager is not offered Create
 * Discount (it used to lead to the list instead) nor the sync screens that would turn them away.
 */
const actionsFor = (): Action[] => [
  {
    title: 'Create Discount',
    caption: `Create a ${discountTypeNames.multi.toLowerCase()} or a ${discountTypeNames.gwp.toLowerCase()}`,
    to: '/discounts/create',
    minLevel: screenPolicy['/discounts/create'],
  },
  { title: 'Manage Codes', caption: 'Add or remove discount codes', to: '/discounts', minLevel: 'user' },
  {
    title: 'Sync from Shopify',
    caption: 'Sync discount codes',
    to: '/code-sync',
    minLevel: screenPolicy['/code-sync'],
  },
  {
    title: 'View Synced Codes',
    caption: 'Browse all codes',
    to: '/synced-codes',
    minLevel: screenPolicy['/synced-codes'],
  },
];

export function QuickActions({ level }: { level: PermissionLevel }) {
  const actions = actionsFor().filter((a) => hasLevel(level, a.minLevel));
  return (
    <nav aria-label="Quick actions" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {actions.map((a) => (
        <Link
          key={a.title}
          to={a.to}
          className="rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Card className="h-full gap-1 py-4 transition-colors hover:bg-accent">
            <CardHeader className="px-4">
              <CardTitle>{a.title}</CardTitle>
              <CardDescription>{a.caption}</CardDescription>
            </CardHeader>
          </Card>
        </Link>
      ))}
    </nav>
  );
}
