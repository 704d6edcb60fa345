import type { CurrentUser } from '@dm/events/http';
import { Badge } from '@/components/ui/badge';
import { productName, roleNames } from '@/lib/glossary';
import { linksForLevel } from '../utils/nav-links';
import { LogoutButton } from './logout-button';
import { MobileNav } from './mobile-nav';
import { NavLinkList } from './nav-link-list';

const displayName = (user: CurrentUser): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

export function NavBar({ user }: { user: CurrentUser }) {
  const links = linksForLevel(user.permissionLevel);
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4">
        <MobileNav links={links} />
        <span className="text-lg font-semibold">{productName}</span>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinkList links={links} orientation="row" />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <span className="hidden text-sm text-muted-foreground sm:inline">{displayName(user)}</span>
          {/* On a phone the role is on the dashboard; beside the menu and sign-out it only crowded the bar. */}
          <Badge variant="secondary" className="hidden sm:inline-flex">
            {roleNames[user.permissionLevel]}
          </Badge>
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
