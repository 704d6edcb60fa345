import type { PermissionLevel } from '@dm/events/http';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, userAt } from '@/testing/render-app';

describe('When signed in', () => {
  it.each<[string, PermissionLevel]>([
    ['/', 'user'],
    ['/users', 'user'],
    ['/products', 'manager'],
    ['/stores', 'manager'],
    ['/discounts/create', 'user'],
    ['/code-sync', 'manager'],
    ['/synced-codes', 'manager'],
  ])('should redirect %s to /discounts for a %s', async (path, level) => {
    const { router } = renderApp(path, userAt(level));
    expect(await screen.findByRole('heading', { name: 'Discount Management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/discounts');
  });

  it.each<[string, PermissionLevel, string]>([
    ['/', 'manager', 'Dashboard'],
    ['/discounts/create', 'admin', 'Create Discount'],
    ['/create-discount', 'super_admin', 'Create Discount'],
    ['/code-sync', 'admin', 'Code Synchronization'],
    ['/synced-codes', 'admin', 'Synced Codes'],
    ['/discounts/9/codes', 'user', 'Discount Codes'],
  ])('should show %s to a %s', async (path, level, title) => {
    const { router } = renderApp(path, userAt(level));
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('should show the not-found page for an unknown path', async () => {
    renderApp('/nowhere', userAt('admin'));
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });
});

describe('When signed out', () => {
  it('should show the landing page at /', async () => {
    renderApp('/', null);
    expect(await screen.findByRole('heading', { name: 'Discount Management System' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login?returnTo=%2F');
    expect(screen.queryByText('Discount Manager')).not.toBeInTheDocument();
  });

  it('should show the landing page on a deep link and sign in back to it', async () => {
    renderApp('/users?tab=all', null);
    const signIn = await screen.findByRole('link', { name: 'Sign In' });
    expect(signIn).toHaveAttribute('href', `/api/login?returnTo=${encodeURIComponent('/users?tab=all')}`);
  });

  it('should show the not-found page for an unknown path', async () => {
    renderApp('/nowhere', null);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
