import pg from 'pg';

/** Autocommit reads: what a request does before it decides (its session, a stream's events). */
export interface Reads {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

export interface PipelinedReads extends Reads {
  end(): Promise<void>;
}

/**
 * A few connections in pg's pipeline mode shared by every request, round robin. Reads from concurrent requests
 * queue on one connection instead of each waking its own backend: on the 2-core machines that doubled the
 * session lookups and stream reads per second (decision 0309). Writes stay on the pool: a pipelined commit
 * would hold up every read queued behind its WAL flush. Each query keeps its own Sync, so one failing never
 * affects another; a connection that breaks fails what it carried and is replaced on the next read.
 */
interface Corkable {
  cork(): void;
  uncork(): void;
}
const held = new WeakSet<pg.Client>();

/** One socket write for every read sent in this turn of the event loop, not one each. */
const holdWritesUntilTurnEnds = (client: pg.Client) => {
  if (held.has(client)) return;
  // pg has no public batching hook; its own queries cork this stream the same way, one query at a time.
  const stream = (client as unknown as { connection: { stream: Corkable } }).connection.stream;
  stream.cork();
  held.add(client);
  setImmediate(() => {
    held.delete(client);
    stream.uncork();
  });
};

export const createPipelinedReads = (config: pg.ClientConfig, connections = 4): PipelinedReads => {
  const slots: (Promise<pg.Client> | undefined)[] = Array.from({ length: connections }, () => undefined);
  let next = 0;
  let ended = false;

  const open = (slot: number) => {
    const client = new pg.Client({ ...config, pipeline: true });
    const ready = client.connect().then(() => client);
    const drop = () => {
      if (slots[slot] === ready) slots[slot] = undefined;
    };
    client.on('error', drop);
    client.on('end', drop);
    ready.catch(drop);
    slots[slot] = ready;
    return ready;
  };

  return {
    async query<R extends pg.QueryResultRow>(query: pg.QueryConfig) {
      if (ended) throw new Error('The database reads were closed.');
      const slot = next++ % connections;
      const client = await (slots[slot] ?? open(slot));
      holdWritesUntilTurnEnds(client);
      return client.query<R>(query);
    },
    async end() {
      ended = true;
      const opened = slots.filter((s): s is Promise<pg.Client> => s !== undefined);
      await Promise.all(opened.map((s) => s.then((c) => c.end()).catch(() => undefined)));
    },
  };
};

/** The pool's own connection settings, for reads beside it. */
export const pipelinedReadsBeside = (pool: pg.Pool, connections?: number) =>
  createPipelinedReads(pool.options, connections);
