import { hasLevel, screenPolicy } from '@dm/events/http';

export type NavLink = { href: keyof typeof screenPolicy; label: string };

/** Spec §2.2. The level each link needs comes from the shared screen policy, not from this list. */
export const navLinks: readonly NavLink[] = [
  { href: '/', label: 'Dashboard' },
  { href: '/discounts', label: 'Discounts' },
  { href: '/products', label: 'Products' },
  { href: '/synced-codes', label: 'Synced Codes' },
  { href: '/code-sync', label: 'Code Sync' },
  { href: '/users', label: 'Users' },
  { href: '/stores', label: 'Stores' },
  { href: '/audit', label: 'Audit' },
];

export const linksForLevel = (level: string | null | undefined): NavLink[] =>
  navLinks.filter((link) => hasLevel(level, screenPolicy[link.href]));

/** Spec §2.1: active when the path equals the link or starts with it; `/` only matches exactly. */
export const isActivePath = (pathname: string, href: string): boolean =>
  href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(href);
