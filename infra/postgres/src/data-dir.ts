import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { canEnter, type ServerUser } from './server-user';
import { StartProblem } from './start-problem';

/** Where root keeps a database the `postgres` user could not reach in the folder asked for (FHS: state data). */
export const externalDataRoot = '/var/lib/discount-manager';

/** A readable folder name from the path asked for: `/root/dm/.data/pg` → `root-dm-.data-pg`. */
const labelOf = (requested: string) =>
  requested
    .replace(/^\/+/, '')
    .replace(/\//g, '-')
    .replace(/[^\w.-]/g, '_')
    .slice(-80);

/**
 * Where the cluster asked for at `requested` really lives. As ourselves: there. As root, the server runs as
 * `postgres`, who must enter every folder above the data; when it cannot (a clone in /root or in a 0700
 * temporary folder), the cluster goes to /var/lib/discount-manager/<path label>-<random> and `requested`
 * becomes a link to it, so the clone still says where its data is and `rm -rf .data` starts afresh
 * (the random part keeps a later clone in the same folder from picking up an earlier clone's database).
 */
export const placeDataDir = (requested: string, user: ServerUser | null): string => {
  if (!user) return requested;
  if (lstatOrNull(requested)?.isSymbolicLink()) return path.resolve(path.dirname(requested), readlinkSync(requested));
  mkdirSync(path.dirname(requested), { recursive: true });
  if (canEnter(user, path.dirname(requested))) return requested;
  if (existsSync(path.join(requested, 'PG_VERSION'))) {
    throw new StartProblem(
      `The database in ${requested} cannot be reached by the ${user.name} user that runs PostgreSQL (a folder above it is closed to other users): let others enter those folders (chmod o+x) or move the clone.`,
    );
  }
  rmSync(requested, { recursive: true, force: true }); // an empty or half-made folder from a failed start
  const target = path.join(externalDataRoot, `${labelOf(requested)}-${randomBytes(4).toString('hex')}`);
  mkdirSync(externalDataRoot, { recursive: true, mode: 0o755 });
  symlinkSync(target, requested);
  return target;
};

const lstatOrNull = (file: string) => {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
};
