import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confluentPort, kafkaClientFromEnv } from '../src/index';
import { kafkaClientsUnderTest } from '../src/testing/index';

let emptyCache: string;
beforeEach(() => {
  emptyCache = mkdtempSync(path.join(os.tmpdir(), 'dm-confluent-none-'));
  vi.stubEnv('DM_CONFLUENT_DIR', emptyCache);
  vi.stubEnv('DM_KAFKA_CLIENT', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(emptyCache, { recursive: true, force: true });
});

describe('choosing the Kafka client', () => {
  it('takes kafkajs when DM_KAFKA_CLIENT is unset, a named client when set, and refuses anything else', () => {
    expect(kafkaClientFromEnv(undefined)).toBe('kafkajs');
    expect(kafkaClientFromEnv('confluent')).toBe('confluent');
    expect(() => kafkaClientFromEnv('rdkafka')).toThrow(
      'DM_KAFKA_CLIENT must be one of kafkajs, confluent, not "rdkafka".',
    );
  });

  it('says how to build @confluentinc/kafka-javascript when it is not built, rather than failing inside require', () => {
    expect(() => confluentPort({ brokers: ['127.0.0.1:9092'], clientId: 'x', confluentDir: emptyCache })).toThrow(
      `@confluentinc/kafka-javascript 1.10.1 is not built in ${emptyCache}: run scripts/confluent-install.sh (about 5 minutes).`,
    );
  });

  it('skips the confluent runs of the default test run, with a one-line reason, only when the build is absent', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(kafkaClientsUnderTest()).toEqual([
      { client: 'kafkajs', skip: false },
      { client: 'confluent', skip: true },
    ]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Skipping the @confluentinc/kafka-javascript runs'));
  });

  it('runs only the asked client when DM_KAFKA_CLIENT is set, so a missing confluent build fails instead of skipping', () => {
    vi.stubEnv('DM_KAFKA_CLIENT', 'confluent');
    expect(kafkaClientsUnderTest()).toEqual([{ client: 'confluent', skip: false }]);
  });
});
