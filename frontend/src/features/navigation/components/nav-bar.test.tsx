import type { PermissionLevel } from '@dm/events/http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, userAt } from '@/testing/render-app';

const mainLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('When signed in', () => {
  it.each<[PermissionLevel, string[]]>([
    ['user', ['/discounts']],
    ['manager', ['/', '/discounts', '/users']],
    ['admin', ['/', '/discounts', '/products', '/synced-codes', '/code-sync', '/users', '/audit']],
    ['super_admin', ['/', '/discounts', '/products', '/synced-codes', '/code-sync', '/users', '/stores', '/audit']],
  ])('should show a %s the links of their level', async (level, hrefs) => {
    renderApp('/discounts', userAt(level));
    expect(await screen.findByText('Discount Manager')).toBeInTheDocument();
    expect(mainLinks().map(([, href]) => href)).toEqual(hrefs);
  });

  it('should highlight only the active link, with / matching exactly', async () => {
    renderApp('/discounts/7/codes', userAt('admin'));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Discounts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((l) => l.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });
});

describe('When the mobile menu is used', () => {
  it('should open from the left at 280 px and close after a link is chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/discounts', userAt('manager'));
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByTestId('mobile-menu');
    expect(menu).toHaveClass('w-[280px]', 'left-0');
    await user.click(within(menu).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument());
    // The navigation ends once the Users screen's code has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
  });
});

describe('When logging out', () => {
  it('should confirm first, then offer a page navigation to /api/logout', async () => {
    const user = userEvent.setup();
    renderApp('/discounts', userAt('user'));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog).toHaveTextContent('You will need to sign in again to use Discount Manager.');
    expect(within(dialog).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/api/logout');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
