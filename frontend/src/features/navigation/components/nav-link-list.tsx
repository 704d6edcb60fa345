import { Link, useLocation } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { isActivePath, type NavLink } from '../utils/nav-links';

type NavLinkListProps = {
  links: readonly NavLink[];
  orientation: 'row' | 'column';
  onNavigate?: () => void;
};

export function NavLinkList({ links, orientation, onNavigate }: NavLinkListProps) {
  const { pathname } = useLocation();
  return (
    <ul className={cn('flex gap-1', orientation === 'column' ? 'flex-col' : 'flex-row items-center')}>
      {links.map((link) => {
        const active = isActivePath(pathname, link.href);
        return (
          <li key={link.href}>
            <Link
              to={link.href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'block rounded-md px-3 py-2 text-sm font-medium transition-colors',
                active
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
              )}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
