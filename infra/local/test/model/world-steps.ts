import { discountStream } from '@dm/events';
import type { FaultKind } from '@dm/shopify';
import fc from 'fast-check';
import { hasDiscount, pick, Step } from './model';
import { deploymentsOf, numericId, readDiscountsLog } from './run-log';
import { settle } from './quiescence';
import { storeSlugs } from './world';

const storeEdits = [
  'delete a code',
  'delete every code',
  'delete the discount',
  'revive it',
  'end it',
  'rename it',
] as const;

/** Someone edits our discount directly in the store's admin (the emulator's own state, as Shopify would hold it). */
const storeEdit = fc.record({ edit: fc.constantFrom(...storeEdits), n: fc.nat(9), s: fc.nat(9), k: fc.nat(9) }).map(
  ({ edit, n, s, k }) =>
    new Step(
      `in the store: ${edit} (discount #${n}, its store #${s}, code #${k})`,
      hasDiscount,
      async (model, world) => {
        const d = pick(model, n);
        const slug = d.stores[s % d.stores.length]!;
        const events = await readDiscountsLog(world.stack.db.pool, [d.id]);
        const deployed = deploymentsOf(events.filter((e) => e.streamId === discountStream(d.id))).get(
          `${d.id}|${world.storeIds[slug]}`,
        );
        const shop = world.stack.emulator.shop(slug);
        const discount = deployed && shop.discounts.get(numericId(deployed.shopifyDiscountId));
        if (!discount) return;
        const now = new Date().toISOString();
        if (edit === 'delete a code') {
          const code = discount.codes.explicit[k % discount.codes.explicit.length];
          if (!code) return;
          shop.removeCode(discount, code.id);
          world.removedInStore.add(`${slug}|${code.code.toLowerCase()}`);
        } else if (edit === 'delete every code') {
          for (const c of [...discount.codes.explicit].slice(1)) {
            shop.removeCode(discount, c.id);
            world.removedInStore.add(`${slug}|${c.code.toLowerCase()}`);
          }
        } else if (edit === 'delete the discount') {
          for (const c of discount.codes.explicit) world.removedInStore.add(`${slug}|${c.code.toLowerCase()}`);
          shop.deleteDiscount(discount.id);
        } else if (edit === 'revive it') discount.endsAt = null;
        else if (edit === 'end it') discount.endsAt = now;
        else discount.title = `${discount.title} (edited in the store)`;
        discount.updatedAt = now;
        shop.changed();
      },
    ),
);

const faultKinds: readonly FaultKind[] = ['lose-answer', 'lose-answer', 'throttle', 'server-error', 'reset'];
/** The calls a fault may hit: deploy and end, code pushes (their runs and the list of runs) and removals, their jobs, syncs' bulk exports. */
const operations = [
  'discountCodeAppCreate',
  'discountCodeAppCreate',
  'discountRedeemCodeBulkAdd',
  'discountCodeAppUpdate',
  // A chunk of codes goes out as a bulk mutation run, found again in Shopify's list (decision 1420).
  'bulkOperationRunMutation',
  'CodesBulkRuns',
  'discountRedeemCodeBulkCreation',
  'discountCodeRedeemCodeBulkDelete',
  'bulkOperationRunQuery',
  'codeDiscountNodeByCode',
  'discountNodes',
] as const;

const fault = fc
  .record({
    kind: fc.constantFrom(...faultKinds),
    shop: fc.constantFrom(...storeSlugs),
    operation: fc.constantFrom(...operations),
    times: fc.integer({ min: 1, max: 2 }),
    after: fc.integer({ min: 0, max: 2 }),
  })
  .map(
    (rule) =>
      new Step(
        `fault ${rule.kind} on ${rule.operation} in ${rule.shop} (${rule.times}x, after ${rule.after})`,
        () => true,
        async (_model, world) => world.stack.emulator.faults.inject(rule),
      ),
  );

const holdJobs = new Step(
  'Shopify holds its jobs back',
  (m) => !m.jobsHeld,
  async (model, world) => {
    world.stack.emulator.scheduler.pause();
    model.jobsHeld = true;
  },
);
const releaseJobs = new Step(
  'Shopify runs the jobs it held',
  (m) => m.jobsHeld,
  async (model, world) => {
    world.stack.emulator.scheduler.resume();
    model.jobsHeld = false;
  },
);
const restartProjectors = new Step(
  'restart the projectors (stop, start)',
  (m) => m.projectors === 'in-process',
  async (_model, world) => world.stack.restartInProcess(),
);
/** The first time moves the projectors into a child process; later ones SIGKILL it and start another. */
const killProjectors = new Step(
  'SIGKILL the projectors process',
  () => true,
  async (model, world) => {
    if (model.projectors === 'in-process') await world.stack.toChild();
    else await world.stack.killChild();
    model.projectors = 'child';
  },
);
/** Everything settles before the next step: the steps after it meet finished work rather than work in flight. */
const settleNow = new Step(
  'wait until everything settled',
  (m) => !m.jobsHeld,
  async (_model, world) => settle(world.stack),
);

/** What the world does, with weights; SIGKILLs only where asked for (they cost a process start each). */
export const worldSteps = (withKills: boolean) => [
  { weight: 3, arbitrary: storeEdit },
  { weight: 3, arbitrary: fault },
  { weight: 1, arbitrary: fc.constant(holdJobs) },
  { weight: 1, arbitrary: fc.constant(releaseJobs) },
  { weight: 1, arbitrary: fc.constant(restartProjectors) },
  { weight: 3, arbitrary: fc.constant(settleNow) },
  ...(withKills ? [{ weight: 2, arbitrary: fc.constant(killProjectors) }] : []),
];
