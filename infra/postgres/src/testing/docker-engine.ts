import { existsSync } from 'node:fs';
import { getContainerRuntimeClient } from 'testcontainers';

export type DockerEngine = { readonly reachable: true } | { readonly reachable: false; readonly reason: string };

/**
 * Whether testcontainers can reach a container engine. Cheap checks first (no DOCKER_HOST, no socket: no engine),
 * then testcontainers' own discovery, bounded in time.
 */
export const detectDockerEngine = async (timeoutMs = 10_000): Promise<DockerEngine> => {
  const sockets = [
    '/var/run/docker.sock',
    `${process.env.HOME ?? ''}/.docker/run/docker.sock`,
    `${process.env.XDG_RUNTIME_DIR ?? ''}/docker.sock`,
  ];
  if (!process.env.DOCKER_HOST && !sockets.some((s) => existsSync(s))) {
    return { reachable: false, reason: `no DOCKER_HOST and no Docker socket (${sockets[0]})` };
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return { reachable: true };
  } catch (error) {
    return { reachable: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
};
