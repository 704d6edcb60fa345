import type { Admin } from 'kafkajs';
import type { TopicSpec } from './port';

const leadersWaitMs = 30_000;

/** A broker's answer that it does not know the topic (yet): KRaft gives it for a moment after a creation. */
const unknownTopic = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'UNKNOWN_TOPIC_OR_PARTITION';

/** Until every partition of `names` has a leader; an "unknown topic" answer meanwhile is asked again. */
const leadersOf = async (admin: Admin, names: readonly string[]) => {
  const deadline = Date.now() + leadersWaitMs;
  for (;;) {
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: [...names] });
      if (topics.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
    } catch (error) {
      if (!unknownTopic(error)) throw error;
    }
    if (Date.now() > deadline)
      throw new Error(`Kafka named no leader for every partition of ${names.join(', ')} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * Creates the topics missing from the broker and waits for their leaders. kafkajs' own wait asks again only on
 * "leader not available" and gives up on "unknown topic", which a KRaft broker answers for a moment after it
 * created the topic (seen in the test command under load): the topics exist then, and only the wait is ours.
 */
export const createMissingTopics = async (admin: Admin, topics: readonly TopicSpec[]) => {
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((t) => !existing.has(t.name));
  if (missing.length === 0) return;
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((t) => ({ topic: t.name, numPartitions: t.partitions })),
    });
  } catch (error) {
    if (!unknownTopic(error)) throw error;
  }
  await leadersOf(
    admin,
    missing.map((t) => t.name),
  );
};
