import { isDeepStrictEqual } from 'node:util';
import type { EventStore, StreamAppend } from '@dm/event-store';
import { currentSchemaVersion, discountDriftStream, hasDifferences } from '@dm/events';
import type pg from 'pg';
import { deterministicId } from '../../deterministic-id';
import { compareStore, type Finding } from './drift-compare';

export interface DriftStep {
  readonly eventStore: EventStore;
  readonly pool: pg.Pool;
  readonly now: () => Date;
}

/**
 * What changed since the read model's last word: a new or different finding is recorded, an open one the store
 * no longer shows is cleared, the same finding again records nothing.
 */
const eventOf = (finding: Finding, syncId: string, storeId: number, at: string) => {
  const { deployment, differences } = finding;
  const subject = { discountId: deployment.discountId, storeId };
  if (hasDifferences(differences)) {
    const same = deployment.driftState === 'drifted' && isDeepStrictEqual(deployment.lastDifferences, differences);
    if (same) return null;
    return {
      type: 'DiscountDriftDetected',
      data: {
        ...subject,
        brandId: deployment.brandId,
        syncId,
        shopifyDiscountId: deployment.shopifyDiscountId,
        differences,
        detectedAt: at,
      },
    };
  }
  if (deployment.driftState !== 'drifted') return null;
  return { type: 'DiscountDriftCleared', data: { ...subject, syncId, clearedAt: at } };
};

/**
 * After a full or incremental sync (decision 0930): compares what our log says the store holds of our discounts
 * with what the sync found, and records the findings on each discount's drift stream in one append. Event ids
 * derive from the sync, so a sync retried after this step appends nothing twice.
 */
export const recordDrift = async (
  step: DriftStep,
  sync: { syncId: string; storeId: number; startedAt: string },
): Promise<number> => {
  const now = step.now();
  const findings = await compareStore(step.pool, sync.storeId, sync.startedAt, now);
  const appends: StreamAppend[] = [];
  for (const finding of findings) {
    const event = eventOf(finding, sync.syncId, sync.storeId, now.toISOString());
    if (!event) continue;
    const streamId = discountDriftStream(finding.deployment.discountId, sync.storeId);
    appends.push({
      streamId,
      expected: 'any',
      events: [
        {
          ...event,
          schemaVersion: currentSchemaVersion(event.type),
          eventId: deterministicId(`drift|${sync.syncId}|${streamId}`),
          metadata: {
            actorId: 'reactor:code-sync',
            actorEmail: null,
            brandId: finding.deployment.brandId,
            correlationId: sync.syncId,
            causationId: null,
            commandId: `code-sync:${sync.syncId}`,
          },
        },
      ],
    });
  }
  if (appends.length > 0) await step.eventStore.appendMany(appends);
  return appends.length;
};
