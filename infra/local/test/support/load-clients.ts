import { eventPositionHeader, minPositionHeader } from '@dm/events/http';

/** One answered (or failed) request of the load, with when it was sent and how long it took. */
export interface Outcome {
  readonly kind: 'command' | 'read';
  readonly url: string;
  /** The command's Idempotency-Key (commands only). */
  readonly key?: string;
  /** The HTTP status; 0 when no answer came (network error or the client's own time limit). */
  readonly status: number;
  /** The answer's `message`, if it was JSON with one; for status 0 the client-side error. */
  readonly message?: string;
  /** Milliseconds since the load's clock started. */
  readonly sentAt: number;
  readonly ms: number;
}

export interface LoadOptions {
  readonly baseUrl: string;
  /** The Cookie header of each client, used round robin. */
  readonly cookies: readonly string[];
  readonly clients: number;
  /** Unique per run: part of every Idempotency-Key and email, so the log can be searched for this run's commands. */
  readonly runId: string;
  /** A request without an answer after this long counts as hung. */
  readonly requestLimitMs: number;
}

const reads = ['/api/auth/user', '/api/brands', '/api/regions', '/api/user/brands'];

/**
 * Clients that each alternate a write (grant a new person access: one new stream, never contended) and a read
 * that waits for that client's own last write (x-min-position), over keep-alive connections, until stopped.
 */
export const startLoad = (options: LoadOptions) => {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  const now = () => performance.now() - started;
  let stopping = false;

  const send = async (kind: Outcome['kind'], path: string, init: RequestInit, key?: string) => {
    const sentAt = now();
    const record = (status: number, message?: string, position?: string | null) => {
      outcomes.push({
        kind,
        url: path,
        ...(key ? { key } : {}),
        status,
        ...(message ? { message } : {}),
        sentAt,
        ms: now() - sentAt,
      });
      return position ?? null;
    };
    try {
      const response = await fetch(`${options.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(options.requestLimitMs),
      });
      const text = await response.text();
      let message: string | undefined;
      try {
        const body: unknown = JSON.parse(text);
        if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
          message = body.message;
      } catch {
        message = undefined;
      }
      return record(response.status, message, response.headers.get(eventPositionHeader));
    } catch (error) {
      return record(0, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  };

  const client = async (index: number) => {
    const cookie = options.cookies[index % options.cookies.length]!;
    const origin = options.baseUrl;
    let lastPosition: string | null = null;
    for (let n = 0; !stopping; n++) {
      const key = `${options.runId}-${index}-${n}`;
      const position = await send(
        'command',
        '/api/permissions',
        {
          method: 'POST',
          headers: { cookie, origin, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ email: `${key}@load.test`, permissionLevel: 'user', brandIds: [1] }),
        },
        key,
      );
      lastPosition = position ?? lastPosition;
      const headers: Record<string, string> = { cookie };
      if (lastPosition) headers[minPositionHeader] = lastPosition;
      await send('read', reads[n % reads.length]!, { headers });
    }
  };

  const running = Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  return {
    outcomes,
    /** Milliseconds on the load's clock, to mark phases against `sentAt`. */
    now,
    stop: async () => {
      stopping = true;
      await running;
    },
  };
};
