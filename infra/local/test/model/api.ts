import { eventPositionHeader, minPositionHeader } from '@dm/events/http';
import type { ModelStack } from '../support/model-stack';

export interface Answer<T> {
  readonly status: number;
  readonly json: T;
}

/**
 * The admin's HTTP calls, as the screens make them: writes to the command API, reads from the query API waiting
 * for the caller's own writes (`X-Min-Position`).
 */
export const apiOf = (stack: ModelStack) => {
  let seen = 0n;
  const call = async <T>(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: stack.session.cookie,
        origin: stack.session.origin,
        [minPositionHeader]: seen.toString(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const position = response.headers.get(eventPositionHeader);
    if (position && BigInt(position) > seen) seen = BigInt(position);
    const text = await response.text();
    if (!response.headers.get('content-type')?.includes('ndjson')) {
      return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
    }
    // A streamed answer (the codes import): its last line is the outcome, with the position it reached.
    const last = JSON.parse(text.trim().split('\n').at(-1) ?? 'null') as { position?: string | null } | null;
    if (last?.position && BigInt(last.position) > seen) seen = BigInt(last.position);
    return { status: response.status, json: last as T };
  };
  return {
    write: <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>(stack.commandUrl, method, path, body, headers),
    read: <T>(path: string) => call<T>(stack.queryUrl, 'GET', path),
  };
};

export type Api = ReturnType<typeof apiOf>;
