import type { ModelStack } from '../support/model-stack';
import type { Model } from './model';
import { storeSlugs, type World } from './world';

const settleLimitMs = 120_000;
const pollMs = 100;

/**
 * Waits until nothing is left to do: every projection and reactor checkpoint at the head of the log (a reactor's
 * checkpoint passes an event only once its effect's outcome is recorded), the head unchanged over three reads,
 * and no Shopify job running. Work that never settles is a finding in its own right.
 */
export const settle = async (stack: ModelStack): Promise<void> => {
  const deadline = Date.now() + settleLimitMs;
  let last = '';
  let steady = 0;
  for (;;) {
    const { rows } = await stack.db.pool.query<{ head: string; behind: string[] }>(
      `SELECT h.head::text AS head,
              coalesce(array_agg(c.name) FILTER (WHERE c.position < h.head), '{}') AS behind
       FROM (SELECT coalesce(max(global_position), 0) AS head FROM es.events) h
       LEFT JOIN es.checkpoints c ON true GROUP BY h.head`,
    );
    const { head, behind } = rows[0]!;
    steady = behind.length === 0 && head === last ? steady + 1 : 0;
    if (steady >= 2) return;
    if (Date.now() > deadline) {
      throw new Error(
        `Nothing settled within ${settleLimitMs / 1000} s: head ${head}, behind: ${behind.join(', ')}${stack.childOutput().slice(-2000)}`,
      );
    }
    last = head;
    await stack.emulator.scheduler.runPending();
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
};

/**
 * The end of a sequence: the world stops misbehaving (faults cleared, jobs released, the projectors back in this
 * process), everything settles, every store is synced in full, and every drift still standing is re-asserted,
 * as an admin would after a bad day. Then the invariants must hold.
 */
export const quiesce = async (model: Model, world: World): Promise<void> => {
  const { stack, api } = world;
  stack.emulator.faults.clear();
  stack.emulator.scheduler.resume();
  model.jobsHeld = false;
  await stack.inProcessIdle();
  model.projectors = 'in-process';
  await settle(stack);
  for (const slug of storeSlugs) {
    await api.write('POST', `/api/stores/${world.storeIds[slug]}/code-sync/trigger`, { incremental: false });
  }
  await settle(stack);
  for (const d of model.discounts) {
    for (const slug of d.stores) {
      await api.write('POST', `/api/discounts/${d.id}/drift/${world.storeIds[slug]}/reassert`);
    }
  }
  await settle(stack);
};
