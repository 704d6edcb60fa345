import { projectionsCaughtUpTo, type EventStore } from '@dm/event-store';
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
   * Resolves once every event committed before the call is in every projection, and every runner has read to the
   * end of the log after the call. Bounded (10 s), so a stopped runner never hangs the caller.
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
  let stopped = false;
  const allIdle = () => Promise.all(runners.map((r) => r.waitForIdle()));
  return {
    waitForIdle: async () => {
      // An empty read is not enough: the log holds back events behind an older open transaction (decision 0300).
      const { rows } = await pool.query<{ head: string | null }>(
        'SELECT max(global_position)::text AS head FROM es.events',
      );
      const head = BigInt(rows[0]?.head ?? 0);
      const deadline = Date.now() + 10_000;
      await allIdle();
      while (!stopped && Date.now() < deadline && !(await projectionsCaughtUpTo(pool, head, options.projections))) {
        await allIdle();
      }
    },
    stop: async () => {
      stopped = true;
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
