import type { OutgoingMessage, TopicBatch } from '@dm/kafka';

/**
 * Bytes of messages per produce call. A call puts each partition's messages in one record batch, and the broker
 * refuses a batch over its `message.max.bytes` (1 MiB by default) with no way past it but a smaller one: a batch of
 * the log holding a few adds of 1,000 codes to 30 stores (each store's copy about 70 KB) would be refused on every
 * retry and stop the relay for good. Counted over the whole call, so no partition's share can exceed it.
 */
export const sendBytesLimit = 768 * 1024;

const bytesOf = (m: OutgoingMessage) =>
  Buffer.byteLength(m.key) +
  Buffer.byteLength(m.value) +
  Object.entries(m.headers).reduce((sum, [k, v]) => sum + Buffer.byteLength(k) + Buffer.byteLength(v), 0);

/**
 * The produce calls for one batch of the log, sent one after another: each topic's messages keep their order
 * (the idempotent producer keeps the order of calls made one after another), and each call stays within `limit`.
 * A message larger than the limit goes alone: the broker may still take it, up to its own limit.
 */
export const sendsOf = (batches: readonly TopicBatch[], limit = sendBytesLimit): TopicBatch[][] => {
  const sends: TopicBatch[][] = [];
  let current = new Map<string, OutgoingMessage[]>();
  let bytes = 0;
  const flush = () => {
    if (current.size > 0) sends.push([...current].map(([topic, messages]) => ({ topic, messages })));
    current = new Map();
    bytes = 0;
  };
  for (const { topic, messages } of batches) {
    for (const message of messages) {
      const size = bytesOf(message);
      if (bytes > 0 && bytes + size > limit) flush();
      const list = current.get(topic) ?? [];
      if (list.length === 0) current.set(topic, list);
      list.push(message);
      bytes += size;
    }
  }
  flush();
  return sends;
};
