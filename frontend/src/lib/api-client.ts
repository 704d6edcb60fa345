import { errorBodySchema, eventPositionHeader, minPositionHeader } from '@dm/events/http';
import type { z } from 'zod';

/** Raised for every non-2xx answer; the message is "{status}: {body text or status text}" (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

// Read-your-writes (ARCHITECTURE §1): the highest event position any answer has shown us.
let highestPosition: bigint | null = null;

/** A position the answer's body carried (a streamed answer sends its headers before the work is done). */
export const rememberEventPosition = (raw: string | null): void => {
  if (raw === null || !/^\d+$/.test(raw.trim())) return;
  const position = BigInt(raw.trim());
  if (highestPosition === null || position > highestPosition) highestPosition = position;
};

const rememberPosition = (response: Response): void => rememberEventPosition(response.headers.get(eventPositionHeader));

export const lastSeenPosition = (): string | null => highestPosition?.toString() ?? null;

/** Only for tests: forget the remembered position between cases. */
export const resetSeenPosition = (): void => {
  highestPosition = null;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  body?: unknown;
  query?: Query;
  /** A read served by query-api sent with another method (e.g. the POST availability check). */
  read?: boolean;
  /** The form's key (`useIdempotencyKey`): the server answers a second submission with the first one's result. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

const withQuery = (path: string, query?: Query): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
};

/** The one request helper (spec §7): every background call goes through here. */
export const apiRequest = async (method: Method, path: string, options: RequestOptions = {}): Promise<Response> => {
  const headers = new Headers();
  const hasBody = options.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');
  const position = lastSeenPosition();
  if (position !== null && (method === 'GET' || options.read)) headers.set(minPositionHeader, position);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);

  const response = await fetch(withQuery(path, options.query), {
    method,
    headers,
    credentials: 'include',
    ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  rememberPosition(response);
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return response;
};

const readJson = async <T>(response: Response, schema?: z.ZodType<T>): Promise<T> => {
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  return schema ? schema.parse(data) : (data as T);
};

type JsonOptions<T> = RequestOptions & { schema?: z.ZodType<T> };

const send =
  (method: Method) =>
  async <T = unknown>(path: string, options: JsonOptions<T> = {}): Promise<T> =>
    readJson(await apiRequest(method, path, options), options.schema);

export const api = {
  get: send('GET'),
  post: send('POST'),
  put: send('PUT'),
  patch: send('PATCH'),
  delete: send('DELETE'),
  /** The spec's "on401: returnNull" loader: a 401 answer means "nobody", not a failure. */
  getOrNull: async <T>(path: string, options: JsonOptions<T> = {}): Promise<T | null> => {
    try {
      return await send('GET')(path, options);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
};

/** What a toast shows for a failure: the server's `{ message }` when there is one. */
export const errorMessage = (error: unknown, fallback = 'Something went wrong'): string => {
  if (error instanceof ApiError) {
    try {
      const parsed = errorBodySchema.safeParse(JSON.parse(error.body));
      if (parsed.success) return parsed.data.message;
    } catch {
      // not JSON: fall through to the raw message
    }
    return error.message;
  }
  return error instanceof Error && error.message ? error.message : fallback;
};
