import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * `@confluentinc/kafka-javascript` is built on demand by `scripts/confluent-install.sh` into a cache folder, outside
 * the workspace lockfile (decision 1490): this loads it from there. Only the slice of its KafkaJS-compatible API
 * the adapter uses is typed here.
 */
export const confluentVersion = '1.10.1';

/** Where `scripts/confluent-install.sh` builds it (its `DM_CONFLUENT_DIR` moves both). */
export const defaultConfluentDir = path.join(os.homedir(), '.cache', 'dm-confluent', confluentVersion);

const modulePath = (dir: string) => path.join(dir, 'node_modules', '@confluentinc', 'kafka-javascript');

/** Whether the build is there (the install script writes `.built` last, after the binding loaded once). */
export const confluentBuilt = (dir = defaultConfluentDir): boolean => existsSync(path.join(dir, '.built'));

export interface CkHeaders {
  readonly [name: string]: Buffer | string | (Buffer | string)[] | undefined;
}

export interface CkMessage {
  readonly offset: string;
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  readonly headers?: CkHeaders;
}

export interface CkBatchPayload {
  readonly batch: { readonly topic: string; readonly partition: number; readonly messages: readonly CkMessage[] };
  resolveOffset(offset: string): void;
  isRunning(): boolean;
  isStale(): boolean;
}

export interface CkProducer {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  sendBatch(batch: {
    topicMessages: { topic: string; messages: { key: string; value: string; headers: Record<string, string> }[] }[];
  }): Promise<unknown>;
}

export interface CkConsumer {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  subscribe(subscription: { topics: string[] }): Promise<void>;
  run(config: {
    eachBatchAutoResolve: boolean;
    partitionsConsumedConcurrently: number;
    eachBatch: (payload: CkBatchPayload) => Promise<void>;
  }): Promise<void>;
  commitOffsets(offsets: { topic: string; partition: number; offset: string }[]): Promise<void>;
}

export interface CkAdmin {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  listTopics(): Promise<string[]>;
  createTopics(options: { topics: { topic: string; numPartitions: number }[] }): Promise<boolean>;
}

interface CkCommonConfig {
  readonly brokers?: string[];
  readonly clientId?: string;
  readonly logLevel?: number;
}

export interface CkKafka {
  producer(config: {
    kafkaJS: {
      idempotent: true;
      acks: -1;
      maxInFlightRequests: number;
      compression: 'none' | 'gzip';
      allowAutoTopicCreation: false;
    };
  }): CkProducer;
  consumer(config: {
    kafkaJS: {
      groupId: string;
      fromBeginning: true;
      autoCommit: false;
      allowAutoTopicCreation: false;
      sessionTimeout?: number;
      heartbeatInterval?: number;
    };
  }): CkConsumer;
  admin(): CkAdmin;
}

interface CkModule {
  readonly KafkaJS: {
    readonly Kafka: new (config: { kafkaJS: CkCommonConfig }) => CkKafka;
    readonly logLevel: { readonly NOTHING: number; readonly ERROR: number };
  };
}

/** Loads the built package, or says in one sentence how to build it. */
export const loadConfluent = (dir = defaultConfluentDir): CkModule => {
  if (!confluentBuilt(dir))
    throw new Error(
      `@confluentinc/kafka-javascript ${confluentVersion} is not built in ${dir}: run scripts/confluent-install.sh (about 5 minutes).`,
    );
  return createRequire(import.meta.url)(modulePath(dir)) as CkModule;
};
