import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { aUser } from '@/testing/render-app';
import { AppProvider } from './provider';
import { routes } from './router';

const renderWithFetch = (path: string, answer: () => Promise<Response>) => {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>(answer);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </AppProvider>,
  );
  return fetchMock;
};

afterEach(() => vi.unstubAllGlobals());

describe('When the session is loading', () => {
  it('should show a spinner', () => {
    renderWithFetch('/discounts', () => new Promise<Response>(() => undefined));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});

describe('When the session answers', () => {
  it('should ask /api/auth/user once, with credentials', async () => {
    const fetchMock = renderWithFetch('/discounts', async () => new Response(JSON.stringify(aUser())));
    expect(await screen.findByRole('heading', { name: 'Discounts' })).toBeInTheDocument();
    // The discount list asks for its own data too; the session is asked once.
    const sessionCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/user');
    expect(sessionCalls).toHaveLength(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/user');
    expect(sessionCalls[0]?.[1]).toMatchObject({ credentials: 'include', method: 'GET' });
  });

  it('should show the landing page on 401 without retrying', async () => {
    const fetchMock = renderWithFetch(
      '/users',
      async () => new Response('', { status: 401, statusText: 'Unauthorized' }),
    );
    expect(await screen.findByRole('heading', { name: 'Discount Manager' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('should count any other failure as signed out, without retrying', async () => {
    const fetchMock = renderWithFetch('/', async () => new Response('boom', { status: 502 }));
    expect(await screen.findByRole('heading', { name: 'Discount Manager' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
