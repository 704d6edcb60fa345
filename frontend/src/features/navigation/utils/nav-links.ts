import { hasLevel, screenPolicy } from '@dm/events/http';
import { screenNames } from '@/lib/glossary';

export type NavLink = { href: keyof typeof screenPolicy; label: string };

/** Spec §2.2. The level each link needs comes from the shared screen policy, not from this list. */
export const navLinks: readonly NavLink[] = [
  { href: '/', label: screenNames['/'] },
  { href: '/discounts', label: screenNames['/discounts'] },
  { href: '/products', label: screenNames['/products'] },
  { href: '/synced-codes', label: screenNames['/synced-codes'] },
  { href: '/code-sync', label: screenNames['/code-sync'] },
  { href: '/users', label: screenNames['/users'] },
  { href: '/stores', label: screenNames['/stores'] },
  { href: '/audit', label: screenNames['/audit'] },
];

export const linksForLevel = (level: string | null | undefined): NavLink[] =>
  navLinks.filter((link) => hasLevel(level, screenPolicy[link.href]));

/** Spec §2.1: active when the path equals the link or starts with it; `/` only matches exactly. */
export const isActivePath = (pathname: string, href: string): boolean =>
  href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(href);
