import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, apiRequest, errorMessage, lastSeenPosition, resetSeenPosition } from './api-client';

type Call = { url: string; init: RequestInit };

const stubFetch = (...responses: Response[]) => {
  const calls: Call[] = [];
  const queue = [...responses];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = queue.shift();
      if (!next) throw new Error('unexpected fetch');
      return next;
    }),
  );
  return calls;
};

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status: 200, ...init });
const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

beforeEach(() => resetSeenPosition());
afterEach(() => vi.unstubAllGlobals());

describe('When a call succeeds', () => {
  it('should send credentials and no content type without a body', async () => {
    const calls = stubFetch(json([]));
    await api.get('/api/brands');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(calls[0]).has('content-type')).toBe(false);
  });

  it('should send a JSON body with a JSON content type when there is a body', async () => {
    const calls = stubFetch(json({ ok: true }));
    await api.post('/api/regions', { body: { code: 'EU', name: 'Europe' } });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(headersOf(calls[0]).get('content-type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"code":"EU","name":"Europe"}');
  });

  it('should parse the answer with the given schema', async () => {
    stubFetch(json({ id: 1, name: 'Acme' }));
    const schema = z.object({ id: z.number(), name: z.string() });
    await expect(api.get('/api/x', { schema })).resolves.toEqual({ id: 1, name: 'Acme' });
  });

  it('should add defined query parameters to the path', async () => {
    const calls = stubFetch(json({}));
    await api.get('/api/synced-codes', { query: { page: 2, limit: 50, search: '', brandId: undefined } });
    expect(calls[0]?.url).toBe('/api/synced-codes?page=2&limit=50');
  });
});

describe('When a call fails', () => {
  it('should raise "{status}: {body text}"', async () => {
    stubFetch(new Response('{"message":"Nope"}', { status: 403, statusText: 'Forbidden' }));
    await expect(api.get('/api/users')).rejects.toThrow('403: {"message":"Nope"}');
  });

  it('should fall back to the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    const error = await api.delete('/api/regions/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('500: Internal Server Error');
    expect((error as ApiError).status).toBe(500);
  });

  it('should give toasts the body message, or the raw message when the body is not JSON', async () => {
    stubFetch(
      new Response('{"message":"Code already exists"}', { status: 409 }),
      new Response('', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(errorMessage(await api.post('/a', { body: {} }).catch((e: unknown) => e))).toBe('Code already exists');
    expect(errorMessage(await api.get('/b').catch((e: unknown) => e))).toBe('502: Bad Gateway');
  });

  it('should yield null for a 401 when asked to, and still throw other failures', async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }), new Response('x', { status: 500 }));
    await expect(api.getOrNull('/api/auth/user')).resolves.toBeNull();
    await expect(api.getOrNull('/api/auth/user')).rejects.toThrow('500: x');
  });
});

describe('When answers carry event positions', () => {
  it('should send no min position before any was seen', async () => {
    const calls = stubFetch(json([]));
    await api.get('/api/brands');
    expect(headersOf(calls[0]).has('x-min-position')).toBe(false);
  });

  it('should send the highest position seen on every later GET only', async () => {
    const calls = stubFetch(
      json({}, { headers: { 'x-event-position': '42' } }),
      json({}, { headers: { 'x-event-position': '7' } }),
      new Response('{"message":"conflict"}', { status: 409, headers: { 'x-event-position': '100' } }),
      json([]),
      json({}),
    );
    await api.post('/api/regions', { body: {} });
    await api.get('/api/regions');
    await api.put('/api/regions/1', { body: {} }).catch(() => undefined);
    await api.get('/api/regions');
    await api.patch('/api/regions/1', { body: {} });
    expect(headersOf(calls[1]).get('x-min-position')).toBe('42');
    expect(headersOf(calls[3]).get('x-min-position')).toBe('100');
    expect(headersOf(calls[4]).has('x-min-position')).toBe(false);
    expect(lastSeenPosition()).toBe('100');
  });

  it('should compare positions beyond the safe integer range exactly', async () => {
    stubFetch(
      json({}, { headers: { 'x-event-position': '9007199254740993' } }),
      json({}, { headers: { 'x-event-position': '9007199254740992' } }),
    );
    await api.post('/a', { body: {} });
    await api.post('/b', { body: {} });
    expect(lastSeenPosition()).toBe('9007199254740993');
  });

  it('should ignore a malformed position and send it on reads marked as such', async () => {
    const calls = stubFetch(
      json({}, { headers: { 'x-event-position': 'abc' } }),
      json({}, { headers: { 'x-event-position': '5' } }),
      json({}),
    );
    await api.post('/a', { body: {} });
    expect(lastSeenPosition()).toBeNull();
    await api.post('/b', { body: {} });
    await apiRequest('POST', '/api/discounts/1/codes/check-availability', { body: {}, read: true });
    expect(headersOf(calls[2]).get('x-min-position')).toBe('5');
  });
});
