/** What `feedPaced` sends to: a worker or a message port, which answers `ack` once it has taken a chunk in. */
export interface AckingPort {
  postMessage(value: Uint8Array | null, transfer: ArrayBuffer[]): void;
  on(event: 'message', listener: (value: unknown) => void): unknown;
  off(event: 'message', listener: (value: unknown) => void): unknown;
}

export const ack = 'ack';

/**
 * Sends the chunks of `source` to `port` (each copied into its own buffer, which is moved, not cloned), then null,
 * never more than `window` chunks ahead of the port's acks (decision 1520): a source faster than its reader (a COPY
 * of a million codes while the worker still loads) waits instead of queueing its whole text in the port. `stopped`
 * settles when the reader is gone (its answer or its failure), so a wait for its ack never hangs.
 */
export const feedPaced = async (
  source: AsyncIterable<Uint8Array>,
  port: AckingPort,
  window: number,
  stopped: Promise<unknown>,
): Promise<void> => {
  const gone = stopped.then(() => {
    throw new Error('the reader answered before the end of its input');
  });
  gone.catch(() => undefined); // only raced while waiting
  let acked = 0;
  let wake = () => {};
  const onMessage = (value: unknown) => {
    if (value !== ack) return;
    acked += 1;
    wake();
  };
  port.on('message', onMessage);
  const chunks = source[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (let sent = 0; ; sent++) {
      // Waits before reading the next chunk, so no more than `window` are ever out of the source at once.
      while (sent - acked >= window) await Promise.race([new Promise<void>((resolve) => (wake = resolve)), gone]);
      const next = await chunks.next();
      if (next.done) break;
      // A chunk of the socket may share its memory with others: copied into its own buffer, which is moved.
      const own = new Uint8Array(next.value);
      port.postMessage(own, [own.buffer]);
    }
    port.postMessage(null, []);
    finished = true;
  } finally {
    port.off('message', onMessage);
    // Left early (the reader failed): the source is closed as `for await` would close it.
    if (!finished) await chunks.return?.();
  }
};
