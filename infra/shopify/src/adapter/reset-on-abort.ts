import net from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * Connections to Shopify that are reset when a request on them is given up (aborted, timed out): the kernel drops
 * what it had not sent yet. Closed the usual way, a socket whose request sat in the kernel while the network was
 * down keeps retransmitting it after we gave up, so a call we abandoned (a worker whose session lapsed, decision
 * 1543) could still reach Shopify after another worker made it again.
 */
const resettingConnector = (tlsOptions: { readonly ca?: string }): buildConnector.connector => {
  const base = buildConnector({ ...tlsOptions });
  return (options, callback) => {
    // TLS runs over a TCP socket of our own, the one that can be reset (a TLS socket itself cannot).
    const raw =
      options.protocol === 'https:' ? net.connect({ host: options.hostname, port: Number(options.port) || 443 }) : null;
    base(raw ? { ...options, httpSocket: raw } : options, (...args) => {
      const [error, socket] = args;
      if (error) {
        raw?.destroy();
        return callback(error, null);
      }
      const tcp = raw ?? socket;
      const destroy = socket.destroy.bind(socket);
      socket.destroy = (reason?: Error) => {
        if (reason && !tcp.destroyed) tcp.resetAndDestroy();
        return destroy(reason);
      };
      callback(null, socket);
    });
  };
};

/** `fetch` over such connections; `ca`: the authority to trust instead of the system's (tests). */
export const resettingFetchWith = (tlsOptions: { readonly ca?: string } = {}) => {
  const dispatcher = new Agent({ connect: resettingConnector(tlsOptions) });
  // undici declares its own request options, the same shape as the platform's fetch's.
  return (url: string, init?: RequestInit): Promise<Response> =>
    undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher });
};

export const resettingFetch = resettingFetchWith();
