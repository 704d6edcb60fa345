import { advanceConsumedMark, type DeliveryMark, type PartitionOf } from '@dm/kafka';
import type pg from 'pg';

export interface MarkWriter {
  /** The partition is applied through `mark`: written soon, after any write already under way. */
  settle(mark: DeliveryMark): void;
  /** Resolves once every mark given is written; throws the first failure to write one. */
  flush(): Promise<void>;
}

/**
 * The group's high-water mark for one partition, moved as a batch's effects are decided (one write at a time,
 * the latest mark wins), so that after a rebalance or crash the next owner skips what was done without asking
 * each effect's stream again.
 */
export const markWriter = (pool: pg.Pool, at: PartitionOf): MarkWriter => {
  let latest: DeliveryMark | undefined;
  let writing: Promise<void> | undefined;
  let failed: { readonly error: unknown } | undefined;
  const start = () => {
    writing = (async () => {
      while (latest) {
        const mark = latest;
        latest = undefined;
        await advanceConsumedMark(pool, at, mark);
      }
    })()
      .catch((error: unknown) => {
        failed ??= { error };
      })
      .finally(() => {
        writing = undefined;
        if (latest && !failed) start();
      });
  };
  return {
    settle: (mark) => {
      latest = mark;
      if (!writing && !failed) start();
    },
    flush: async () => {
      while (writing) await writing;
      if (failed) throw failed.error;
    },
  };
};
