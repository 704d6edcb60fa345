import type { PermissionLevel } from '@dm/events/http';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, userAt } from '@/testing/render-app';

describe('When signed in', () => {
  it('should send a user from the dashboard to their start page, /discounts', async () => {
    const { router } = renderApp('/', userAt('user'));
    expect(await screen.findByRole('heading', { name: 'Discounts' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/discounts');
  });

  it.each<[string, PermissionLevel, string, string]>([
    ['/users', 'user', 'Users', 'managers, admins and super admins'],
    ['/products', 'manager', 'Products', 'admins and super admins'],
    ['/stores', 'manager', 'Stores', 'super admins'],
    ['/stores', 'admin', 'Stores', 'super admins'],
    ['/discounts/create', 'user', 'Create discount', 'admins and super admins'],
    ['/code-sync', 'manager', 'Code Sync', 'admins and super admins'],
    ['/synced-codes', 'manager', 'Synced Codes', 'admins and super admins'],
  ])('should say why %s is closed to a %s, and lead to Discounts', async (path, level, screenName, who) => {
    const { router } = renderApp(path, userAt(level));
    const heading = await screen.findByRole('heading', { name: `${screenName} is not open to your role` });
    expect(heading).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`${screenName} is for ${who}\\. You are signed in as ${level}\\.`)),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Discounts' })).toHaveAttribute('href', '/discounts');
    expect(router.state.location.pathname).toBe(path);
  });

  it.each<[string, PermissionLevel, string]>([
    ['/', 'manager', 'Dashboard'],
    ['/discounts/create', 'admin', 'Create discount'],
    ['/create-discount', 'super_admin', 'Create discount'],
    ['/code-sync', 'admin', 'Code Sync'],
    ['/synced-codes', 'admin', 'Synced Codes'],
    ['/discounts/00000000-0000-4000-8000-000000000009/codes', 'user', 'Discount Codes'],
  ])('should show %s to a %s', async (path, level, title) => {
    const { router } = renderApp(path, userAt(level));
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('should show the not-found page for an unknown path, with the way to Discounts', async () => {
    renderApp('/nowhere', userAt('admin'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/router/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Discounts' })).toHaveAttribute('href', '/discounts');
  });

  it('should show a discount address whose id is no discount id as not found, without asking the server', async () => {
    renderApp('/discounts/not-a-uuid/codes', userAt('user'));
    expect(await screen.findByRole('heading', { name: 'Discount not found' })).toBeInTheDocument();
    expect(screen.queryByText(/UUID|Invalid params/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Discounts' })).toHaveAttribute('href', '/discounts');
  });
});

describe('When signed out', () => {
  it('should show the landing page at /', async () => {
    renderApp('/', null);
    expect(await screen.findByRole('heading', { name: 'Discount Manager' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/api/login?returnTo=%2F');
    // The signed-out page is the landing alone: no app header or navigation around it.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('should show the landing page on a deep link and sign in back to it', async () => {
    renderApp('/users?tab=all', null);
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', `/api/login?returnTo=${encodeURIComponent('/users?tab=all')}`);
  });

  it('should show the not-found page for an unknown path', async () => {
    renderApp('/nowhere', null);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
