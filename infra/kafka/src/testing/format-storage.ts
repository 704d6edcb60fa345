import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** A KRaft cluster id: 16 random bytes, base64url (22 characters), as `kafka-storage random-uuid` prints. */
export const randomClusterId = (): string => randomBytes(16).toString('base64url');

/**
 * `StorageTool format` for one node. The id goes as `--cluster-id=<id>`: a base64url id starts with `-` one time in
 * 64, and given as a separate argument the tool's parser takes it for an option and refuses to format.
 */
export const formatStorage = (libs: string, config: string, clusterId: string): { ok: true } | { error: string } => {
  const format = spawnSync(
    'java',
    ['-cp', `${libs}/*`, 'kafka.tools.StorageTool', 'format', `--cluster-id=${clusterId}`, '-c', config],
    { encoding: 'utf8' },
  );
  return format.status === 0 ? { ok: true } : { error: format.stderr || format.stdout };
};
