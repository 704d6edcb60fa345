import { execFileSync, spawnSync } from 'node:child_process';
import { StartProblem } from './start-problem';

/** The system user the server runs as when we are root (PostgreSQL refuses to run as root). */
export interface ServerUser {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

const name = 'postgres';

const idOf = (flag: '-u' | '-g'): number | null => {
  try {
    return Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    return null;
  }
};

const createUser = () => {
  try {
    if (spawnSync('getent', ['group', name]).status !== 0)
      execFileSync('groupadd', ['--system', name], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--gid', name, '--no-create-home', '--shell', '/usr/sbin/nologin', name], {
      stdio: 'ignore',
    });
  } catch (error) {
    throw new StartProblem(
      `PostgreSQL refuses to run as root and the system user ${name} could not be created: create it (useradd --system ${name}) or start as a user other than root.`,
      { cause: error },
    );
  }
};

/** null when we are not root: the server then runs as the current user, who reaches whatever we reach. */
export const serverUser = (): ServerUser | null => {
  if (process.getuid?.() !== 0) return null;
  if (idOf('-u') === null) createUser();
  const uid = idOf('-u');
  const gid = idOf('-g');
  if (uid === null || gid === null)
    throw new StartProblem(`The system user ${name} has no id after creating it: check /etc/passwd.`);
  return { name, uid, gid };
};

/**
 * Whether `user` can enter `dir`, asked of the system as that user (`test -x`), so every folder above it, ACLs
 * and mounts count exactly as they will for the server. The child gets no supplementary groups, like the server.
 */
export const canEnter = (user: ServerUser, dir: string): boolean =>
  spawnSync('test', ['-x', dir], { uid: user.uid, gid: user.gid, cwd: '/', stdio: 'ignore' }).status === 0;
