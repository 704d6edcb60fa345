/**
 * The little of Kafka this system uses, so that the client library behind it can change (kafkajs today,
 * `@confluentinc/kafka-javascript`'s KafkaJS-compatible API tomorrow) without touching the relay or consumers.
 */
export interface OutgoingMessage {
  readonly key: string;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface TopicBatch {
  readonly topic: string;
  readonly messages: readonly OutgoingMessage[];
}

/** Idempotent, `acks=all`: `send` resolves once every message is in the log of every in-sync replica. */
export interface KafkaProducer {
  send(batches: readonly TopicBatch[]): Promise<void>;
  close(): Promise<void>;
}

export interface ConsumedMessage {
  readonly topic: string;
  readonly partition: number;
  readonly offset: bigint;
  readonly key: string | null;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** What a member is told while it handles a batch. */
export interface BatchContext {
  /**
   * Aborted when the member must let its partitions go (the group rebalances: a member joined, left or died) or
   * stops: the handler should stop starting work and return (or throw) soon, so that the rebalance completes and
   * the partition's next owner starts (what was not committed is delivered to it).
   */
  readonly revoked: AbortSignal;
}

export interface ConsumerOptions {
  readonly groupId: string;
  readonly topics: readonly string[];
  /**
   * Handles a batch of one partition, in offset order. The group's offset moves past the batch only after the
   * returned promise resolves (manual commit): a crash before that redelivers the batch.
   */
  readonly handleBatch: (messages: readonly ConsumedMessage[], context: BatchContext) => Promise<void>;
  readonly onError?: (error: unknown) => void;
  /**
   * How long the group waits for a silent member before it hands its partitions to the others (default 30 s,
   * the client's; the broker accepts 6 s at least). Heartbeats go out every `heartbeatIntervalMs` (default 3 s),
   * also while a batch is being handled.
   */
  readonly sessionTimeoutMs?: number;
  readonly heartbeatIntervalMs?: number;
  /** Batches of different partitions handled at once (default 1). */
  readonly partitionsConcurrently?: number;
  /** Each time the member joined the group: the partitions it now holds, by topic. */
  readonly onAssigned?: (assignment: Readonly<Record<string, readonly number[]>>) => void;
}

export interface RunningConsumer {
  stop(): Promise<void>;
}

export interface TopicSpec {
  readonly name: string;
  readonly partitions: number;
}

/** How the producer packs its requests (decision 1438). Idempotence and `acks=all` are not options. */
export interface ProducerOptions {
  /** `gzip` shrinks the requests and costs CPU on the event loop; measured in `pnpm bench scale`. */
  readonly compression?: 'none' | 'gzip';
}

export interface KafkaPort {
  /** Creates the topics that do not exist yet (replication factor: the broker's default). */
  ensureTopics(topics: readonly TopicSpec[]): Promise<void>;
  producer(options?: ProducerOptions): Promise<KafkaProducer>;
  /** Joins the consumer group and reads from the group's committed offsets (the earliest when it has none). */
  consume(options: ConsumerOptions): Promise<RunningConsumer>;
  close(): Promise<void>;
}
