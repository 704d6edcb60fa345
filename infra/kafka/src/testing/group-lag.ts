import { Kafka, logLevel } from 'kafkajs';

/** A group's committed place against the end of one topic, summed over its partitions. */
export interface GroupLag {
  readonly groupId: string;
  /** Messages at or past the group's committed offsets (a partition it never committed counts from its start). */
  readonly lag: number;
}

/**
 * What the consumer groups whose id starts with `prefix` still have to read of `topic`: a test's quiescence
 * check, beside the checkpoints of what reads the PostgreSQL log. Asks the broker, never the members.
 */
export const groupLags = async (brokers: readonly string[], prefix: string, topic: string): Promise<GroupLag[]> => {
  const admin = new Kafka({ clientId: 'dm-test-lag', brokers: [...brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((id) => id.startsWith(prefix));
    if (groups.length === 0) return [];
    const ends = await admin.fetchTopicOffsets(topic);
    return await Promise.all(
      groups.sort().map(async (groupId) => {
        const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
        const at = new Map((committed?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
        const lag = ends.reduce((sum, end) => {
          const place = at.get(end.partition) ?? -1;
          return sum + Number(end.high) - (place < 0 ? Number(end.low) : place);
        }, 0);
        return { groupId, lag };
      }),
    );
  } finally {
    await admin.disconnect();
  }
};
