import type { EventStore } from '@dm/event-store';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Reactor } from './define-reactor';
import type { Projection } from './define-projection';
import { startProjectionRunner, type Runner, type RunnerTuning } from './projection-runner';
import { startReactorRunner } from './reactor-runner';
import type { Backoff } from './backoff';
import { startHashChainRunner } from './projections/hash-chain/chain-runner';

export { defineProjection, type Projection, type ProjectedEvent, type EventContext } from './define-projection';
export { defineReactor, RetryableEffectError, type Effect, type Reactor, type CheckResult } from './define-reactor';
export { exponentialBackoff, type Backoff } from './backoff';
export { startProjectionRunner, type Runner, type RunnerTuning } from './projection-runner';
export { startReactorRunner } from './reactor-runner';
export { startReactors, type ReactorSource, type RunningReactors } from './reactor-source';
export { reactorGroupId, startReactorGroup, type ReactorGroupOptions } from './reactor-group/reactor-group';
export { rebuildAll, type RebuildResult } from './rebuild-all';
export { startRelay, relayBatchSize, relayCheckpointName, type RelayOptions } from './relay/relay';
export { defaultRelayTopics, messagesOf, storesOf, type RelayTopics } from './relay/topics';
export { searchGramsOfTable } from './reactors/code-sync/search-index';

export interface ProjectorsOptions {
  readonly pool: pg.Pool;
  readonly eventStore: EventStore;
  readonly projections: readonly Projection[];
  readonly reactors: readonly Reactor<unknown, unknown>[];
  readonly logger: Logger;
  readonly tuning?: RunnerTuning & { readonly effectBackoff?: Backoff };
  /** The tamper-evidence chain over the log (decision 1200); on unless false. */
  readonly hashChain?: boolean;
}

export interface Projectors {
  /**
   * Resolves once every runner has handled every event committed before the call (for a runner standing by: the
   * active one has), or has stopped, and again for what they appended meanwhile, until the log's head stands still.
   */
  waitForIdle(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts one runner per projection and per reactor; each elects itself through its advisory lock. */
export const startProjectors = (options: ProjectorsOptions): Projectors => {
  const { pool, eventStore, logger, tuning = {} } = options;
  const runners: Runner[] = [
    ...options.projections.map((projection) =>
      startProjectionRunner({ pool, eventStore, projection, logger, ...tuning }),
    ),
    ...options.reactors.map((reactor) => startReactorRunner({ pool, eventStore, reactor, logger, ...tuning })),
    ...(options.hashChain === false ? [] : [startHashChainRunner({ pool, eventStore, logger, ...tuning })]),
  ];
  return {
    waitForIdle: async () => {
      // What the reactors append while the runners catch up (their outcomes) is waited for too, round after round
      // until the log's head stands still; bounded, so a runner appending on a schedule never hangs the caller.
      const headNow = async () =>
        (await pool.query<{ head: string | null }>('SELECT max(global_position)::text AS head FROM es.events')).rows[0]
          ?.head ?? '0';
      let head = await headNow();
      for (let round = 0; round < 20; round++) {
        await Promise.all(runners.map((r) => r.waitForIdle()));
        const after = await headNow();
        if (after === head) return;
        head = after;
      }
    },
    stop: async () => {
      await Promise.all(runners.map((r) => r.stop()));
    },
  };
};

export { projections } from './projections/index';
export { createReactors, type ReactorDependencies } from './reactors/index';
export { startCodeUsageRefresh } from './reactors/code-sync/usage-schedule';
export { startHashChainRunner } from './projections/hash-chain/chain-runner';
export { verifyChain, type ChainVerification, type ChainBreak } from './projections/hash-chain/verify-chain';
export { formatHead, parseHead, type ChainHead } from './projections/hash-chain/chain-hash';
export { applyBatch } from './apply-batch';
export { resetProjection } from './rebuild';
export { projectionCheckpointName, readCheckpoint } from './checkpoints';
