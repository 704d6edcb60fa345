import type { EventStore } from '@dm/event-store';
import type { KafkaPort, RunningConsumer } from '@dm/kafka';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Reactor } from './define-reactor';
import type { Runner } from './projection-runner';
import { startReactorGroup } from './reactor-group/reactor-group';
import { startReactorRunner } from './reactor-runner';

/**
 * Where reactors take their events from: the PostgreSQL log (one active runner per reactor across processes, an
 * advisory lock each), or the store-keyed work topic on Kafka (a consumer group per reactor, its partitions spread
 * over every worker that runs it; decision 1500).
 */
export type ReactorSource =
  | { readonly kind: 'log' }
  | {
      readonly kind: 'kafka';
      readonly kafka: KafkaPort;
      readonly sessionTimeoutMs?: number;
      readonly heartbeatIntervalMs?: number;
    };

export interface ReactorsOptions {
  readonly pool: pg.Pool;
  readonly eventStore: EventStore;
  readonly reactors: readonly Reactor<unknown, unknown>[];
  readonly logger: Logger;
  readonly source: ReactorSource;
}

export interface RunningReactors {
  stop(): Promise<void>;
}

export const startReactors = async (options: ReactorsOptions): Promise<RunningReactors> => {
  const { pool, eventStore, logger, source } = options;
  const running: (Runner | RunningConsumer)[] = [];
  const stop = async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
  };
  try {
    for (const reactor of options.reactors) {
      running.push(
        source.kind === 'log'
          ? startReactorRunner({ pool, eventStore, reactor, logger })
          : await startReactorGroup({ pool, eventStore, reactor, logger, ...source }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
};
