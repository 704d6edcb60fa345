import type pg from 'pg';

const ignore = () => undefined;

/**
 * Runs `work` in one transaction on a pooled client: COMMIT when it resolves, ROLLBACK when it throws. A client
 * whose ROLLBACK fails (its connection is gone) is destroyed, not returned to the pool.
 *
 * pg-pool listens for errors only on idle clients. A checked-out client whose connection dies (a database
 * restart) emits 'error', and unheard that ends the process; the statement in flight rejects anyway, so the
 * event needs no handling of its own.
 */
export const inTransaction = async <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  client.on('error', ignore);
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = await client.query('ROLLBACK').then(
      () => false,
      () => true,
    );
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
};
