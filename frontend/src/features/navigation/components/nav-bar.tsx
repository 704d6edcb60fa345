import type { CurrentUser } from '@dm/events/http';
import { Badge } from '@/components/ui/badge';
import { linksForLevel } from '../utils/nav-links';
import { LogoutButton } from './logout-button';
import { MobileNav } from './mobile-nav';
import { NavLinkList } from './nav-link-list';

const levelLabels: Record<CurrentUser['permissionLevel'], string> = {
  user: 'User',
  manager: 'Manager',
  admin: 'Admin',
  super_admin: 'Super Admin',
};

const displayName = (user: CurrentUser): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

export function NavBar({ user }: { user: CurrentUser }) {
  const links = linksForLevel(user.permissionLevel);
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
        <MobileNav links={links} />
        <span className="text-lg font-semibold">Discount Manager</span>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinkList links={links} orientation="row" />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <span className="hidden text-sm text-muted-foreground sm:inline">{displayName(user)}</span>
          <Badge variant="secondary">{levelLabels[user.permissionLevel]}</Badge>
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
