import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from './sessions';

/** The channel migration 0146 notifies: `s:<id hash>` (a session ended), `e:<email>` (permissions), `*` (all). */
export const sessionRevocationChannel = 'dm_session_revocations';

interface Entry {
  readonly user: SessionUser;
  readonly until: number;
}

export interface SessionCache {
  get(idHash: string): SessionUser | undefined;
  /** A lookup starts here and stores its answer with `put`: an answer read before a revocation is not kept. */
  generation(): number;
  put(idHash: string, user: SessionUser, expiresAt: number, generation: number): void;
  forgetSession(idHash: string): void;
  forgetPerson(email: string): void;
  /** Resolves once the first attempt to listen is over, listening or not (a server starts serving after it). */
  readonly started: Promise<void>;
  close(): Promise<void>;
}

/** The caches in this process by the pool they read through: what a process revokes itself it forgets at once. */
const cachesOf = new WeakMap<pg.Pool, Set<SessionCache>>();
export const sessionCachesOf = (db: pg.Pool): ReadonlySet<SessionCache> => cachesOf.get(db) ?? new Set();

export interface SessionCacheOptions {
  /** How long a looked-up session is trusted without a revocation; the lookup then runs again (and keeps it alive). */
  readonly maxAgeMs?: number;
  readonly reconnectMs?: number;
  readonly logger?: FastifyBaseLogger;
}

/**
 * Signed-in sessions looked up recently, trusted until PostgreSQL says otherwise (decision 1407): a listener
 * connection receives every revocation any replica or projector commits. Only while that connection listens does
 * the cache answer; when it drops, everything is forgotten and lookups go to the database until it listens again.
 */
export const startSessionCache = (db: pg.Pool, options: SessionCacheOptions = {}): SessionCache => {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const entries = new Map<string, Entry>();
  let listening = false;
  let closed = false;
  let current = 0;
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const forgetAll = () => {
    current += 1;
    entries.clear();
  };
  const cache: Omit<SessionCache, 'started'> = {
    get: (idHash) => {
      const entry = entries.get(idHash);
      if (!listening || !entry) return undefined;
      if (entry.until > Date.now()) return entry.user;
      entries.delete(idHash);
      return undefined;
    },
    generation: () => current,
    put: (idHash, user, expiresAt, generation) => {
      if (listening && generation === current)
        entries.set(idHash, { user, until: Math.min(expiresAt, Date.now() + maxAgeMs) });
    },
    forgetSession: (idHash) => {
      current += 1;
      entries.delete(idHash);
    },
    forgetPerson: (email) => {
      current += 1;
      for (const [key, entry] of entries) if (entry.user.email === email) entries.delete(key);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      cachesOf.get(db)?.delete(handle);
      forgetAll();
      listening = false;
      await listener?.end().catch(() => undefined);
    },
  };

  const onNotification = (message: pg.Notification) => {
    const payload = message.payload ?? '*';
    if (payload.startsWith('s:')) cache.forgetSession(payload.slice(2));
    else if (payload.startsWith('e:')) cache.forgetPerson(payload.slice(2));
    else forgetAll();
  };
  const listen = async () => {
    const client = new pg.Client(db.options);
    listener = client;
    let ended = false;
    const lost = () => {
      if (listener !== client || ended) return;
      ended = true;
      listening = false;
      forgetAll();
      if (!closed) retry = setTimeout(() => void listen(), options.reconnectMs ?? 1000);
    };
    client.on('notification', onNotification);
    client.on('error', (err) => {
      options.logger?.warn({ err }, 'session revocation listener lost; sessions are read from the database meanwhile');
      void client.end().catch(() => undefined);
    });
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${sessionRevocationChannel}`);
      // Whatever was revoked before LISTEN took effect is not in the (empty) cache.
      forgetAll();
      listening = !closed;
    } catch {
      await client.end().catch(() => undefined);
      lost();
    }
  };
  const handle: SessionCache = { ...cache, started: listen() };
  const caches = cachesOf.get(db) ?? new Set<SessionCache>();
  caches.add(handle);
  cachesOf.set(db, caches);
  return handle;
};
