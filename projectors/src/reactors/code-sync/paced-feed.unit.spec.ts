import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ack, feedPaced } from './paced-feed';

describe('When the codes are fed to the gram count faster than it takes them in', () => {
  it('should read the source no further than the window ahead of the acks', async () => {
    const log: string[] = [];
    async function* source(): AsyncGenerator<Uint8Array> {
      for (let i = 1; i <= 12; i++) {
        log.push(`read ${i}`);
        yield Buffer.from(`gid://shopify/DiscountCodeNode/1\tCODE-${i}\n`);
      }
    }
    const { port1, port2 } = new MessageChannel();
    const received: (string | null)[] = [];
    let ended = () => {};
    const end = new Promise<void>((resolve) => (ended = resolve));
    // The reader acks each chunk as it takes it in, as the worker does.
    port2.on('message', (chunk: Uint8Array | null) => {
      received.push(chunk && Buffer.from(chunk).toString());
      if (!chunk) return ended();
      log.push(`ack ${received.length}`);
      port2.postMessage(ack);
    });
    await feedPaced(source(), port1, 3, new Promise(() => undefined));
    await end;
    port1.close();
    expect(received).toHaveLength(13);
    expect(received.at(-1)).toBeNull();
    // Chunk i + 3 is read only once chunk i was acked: never more than 3 chunks held between them.
    for (let i = 1; i <= 9; i++) expect(log.indexOf(`read ${i + 3}`)).toBeGreaterThan(log.indexOf(`ack ${i}`));
  });

  it('should stop waiting and fail when the reader is gone', async () => {
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) yield Buffer.from('x\ty\n');
    }
    const { port1 } = new MessageChannel();
    const failed = Promise.reject(new Error('the search gram count stopped (exit code 1) without an answer'));
    failed.catch(() => undefined);
    await expect(feedPaced(endless(), port1, 2, failed)).rejects.toThrow('stopped (exit code 1)');
    port1.close();
  });
});
