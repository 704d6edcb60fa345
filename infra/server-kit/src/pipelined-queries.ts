import pg from 'pg';

/** Single autocommit statements: a session lookup, a stream read, an append without a transaction. */
export interface Queries {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

export interface PipelinedQueries extends Queries {
  /** The connections statements are spread over: as many run at once, the others queue behind them. */
  readonly connections: number;
  end(): Promise<void>;
}

interface Corkable {
  cork(): void;
  uncork(): void;
}
const held = new WeakSet<pg.Client>();

/** One socket write for every statement sent on a connection in this turn of the event loop, not one each. */
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

/**
 * A few connections in pg's pipeline mode shared by every request, round robin (decision 0309). Statements from
 * concurrent requests queue on one connection and leave in one write, instead of each waking its own backend:
 * the per-request cost on the 2-core machines. Each statement keeps its own Sync, so one failing never affects
 * another; a connection that breaks fails what it carried and is replaced on the next statement. Transactions
 * need a connection of their own and stay on the pool.
 */
export const createPipelinedQueries = (config: pg.ClientConfig, connections = 4): PipelinedQueries => {
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
    connections,
    async query<R extends pg.QueryResultRow>(query: pg.QueryConfig) {
      if (ended) throw new Error('The pipelined database connections were closed.');
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

/** With the pool's own connection settings. */
export const pipelinedQueriesBeside = (pool: pg.Pool, connections?: number) =>
  createPipelinedQueries(pool.options, connections);
