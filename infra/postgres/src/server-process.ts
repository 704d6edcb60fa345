import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Binaries } from './binaries';
import type { ServerUser } from './server-user';
import { StartProblem } from './start-problem';

type Log = (line: string) => void;

const asUser = (user: ServerUser | null) => (user ? { uid: user.uid, gid: user.gid } : {});

/** The last lines a program wrote, for the one sentence that says why it stopped. */
const tail = () => {
  const lines: string[] = [];
  return {
    add: (text: string) => {
      lines.push(...text.split('\n').filter(Boolean));
      if (lines.length > 200) lines.splice(0, lines.length - 200);
    },
    find: (pattern: RegExp) => lines.map((l) => pattern.exec(l)).find(Boolean) ?? null,
    last: () => lines.at(-1) ?? '',
  };
};

const cannotRun = (program: string, user: ServerUser | null, error: Error) =>
  new StartProblem(
    `Could not run ${program} as ${user?.name ?? 'this user'} (${error.message}): make the folder it is in readable and enterable for that user.`,
    { cause: error },
  );

/** initdb: a new cluster in `dataDir`, owned by the server user, with password login for `superuser`. */
export const initCluster = async (options: {
  binaries: Binaries;
  dataDir: string;
  user: ServerUser | null;
  superuser: string;
  password: string;
  log: Log;
}): Promise<void> => {
  const { binaries, dataDir, user, log } = options;
  rmSync(dataDir, { recursive: true, force: true }); // a failed initdb leaves debris behind
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o700);
  // Next to the data (the server user can reach it there), readable by that user only, gone right after.
  const passwordFile = path.join(path.dirname(dataDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
  if (user) for (const file of [dataDir, passwordFile]) chownSync(file, user.uid, user.gid);
  const output = tail();
  try {
    const args = [
      `--pgdata=${dataDir}`,
      '--auth=password',
      `--username=${options.superuser}`,
      `--pwfile=${passwordFile}`,
    ];
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(binaries.initdb, [...args, '--encoding=UTF8', '--locale=C'], { ...asUser(user), cwd: '/' });
      const collect = (chunk: Buffer) => {
        log(chunk.toString());
        output.add(chunk.toString());
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.once('error', (error) => reject(cannotRun(binaries.initdb, user, error)));
      child.once('close', resolve);
    });
    if (code !== 0) {
      const reason = output.find(/No space left on device/) ? 'the disk is full' : output.last();
      throw new StartProblem(
        `PostgreSQL could not create its database in ${dataDir} (${reason}): fix that and start again.`,
      );
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
};

const earlyExit = (output: ReturnType<typeof tail>, dataDir: string) => {
  const pid = output.find(/another postmaster \(PID (\d+)\)/i)?.[1];
  if (pid) {
    return new StartProblem(
      `Another PostgreSQL server (pid ${pid}) already runs on ${dataDir}: stop it (kill ${pid}) or the Discount Manager that started it, then start again.`,
    );
  }
  if (output.find(/No space left on device/))
    return new StartProblem(`The disk holding ${dataDir} is full: free some space and start again.`);
  const fatal = output.find(/(?:FATAL|PANIC):\s*(.*)/)?.[1] ?? output.last();
  return new StartProblem(`PostgreSQL stopped while starting on ${dataDir} (${fatal}): fix that and start again.`);
};

/** Starts the server and resolves once it accepts connections; rejects with the reason when it stops first. */
export const startServer = (options: {
  binaries: Binaries;
  dataDir: string;
  port: number;
  flags: readonly string[];
  user: ServerUser | null;
  log: Log;
}): Promise<ChildProcess> => {
  const { binaries, dataDir, user, log } = options;
  const output = tail();
  return new Promise((resolve, reject) => {
    const child = spawn(binaries.postgres, ['-D', dataDir, '-p', String(options.port), ...options.flags], {
      ...asUser(user),
      cwd: '/',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Read the output for as long as the server lives: a full pipe would stall it.
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      log(text);
      output.add(text);
      if (text.includes('database system is ready to accept connections')) resolve(child);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (error) => reject(cannotRun(binaries.postgres, user, error)));
    // 'close', not 'exit': the server's last lines (why it stopped) may still sit in the pipes when it exits.
    child.once('close', () => reject(earlyExit(output, dataDir)));
  });
};

/** Fast shutdown (SIGINT: sessions end, data is flushed); immediate if it has not stopped after 10 s. */
export const stopServer = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), 10_000);
  await exited;
  clearTimeout(timer);
};

/**
 * Immediate shutdown, what `pg_ctl stop -m immediate` does (pg_ctl itself refuses to run as root): SIGQUIT to the
 * postmaster. Backends die at once and clients see their connections cut; the next start runs crash recovery.
 */
export const stopServerImmediately = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGQUIT');
  await exited;
};
