import type { KafkaPort } from '@dm/kafka';

/** A relay's port whose sends reach the broker and then hang until `resume`: a relay that dies before its checkpoint. */
export const stallingAfterSend = (port: KafkaPort) => {
  let stalled = false;
  let resume!: () => void;
  const gate = new Promise<void>((resolve) => (resume = resolve));
  const wrapped: KafkaPort = {
    ...port,
    producer: async () => {
      const producer = await port.producer();
      return {
        close: () => producer.close(),
        send: async (batches) => {
          await producer.send(batches);
          stalled = true;
          await gate;
        },
      };
    },
  };
  return { port: wrapped, isStalled: () => stalled, resume };
};

/**
 * A consumer's port that fails each partition's first batch after it was handled (a crash before the offset
 * commit), and records the batches of that partition handled after it that start at or before the crashed
 * batch's last offset: real redeliveries.
 */
export const crashingBeforeCommit = (port: KafkaPort) => {
  const crashedAt = new Map<string, bigint>();
  const redelivered = new Set<string>();
  const wrapped: KafkaPort = {
    ...port,
    consume: (options) =>
      port.consume({
        ...options,
        handleBatch: async (messages, context) => {
          await options.handleBatch(messages, context);
          const where = `${messages[0]!.topic}/${messages[0]!.partition}`;
          const crashed = crashedAt.get(where);
          if (crashed === undefined) {
            crashedAt.set(where, messages.at(-1)!.offset);
            throw new Error(`crash before committing the offset of ${where}`);
          }
          if (messages[0]!.offset <= crashed) redelivered.add(where);
        },
      }),
  };
  return { port: wrapped, crashes: () => crashedAt.size, redeliveries: () => redelivered.size };
};
