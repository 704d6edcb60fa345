import os from 'node:os';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const failingImpacts = new Set(['serious', 'critical']);

/** How busy the machine was when a step stalled: a CI log keeps only this line of the moment. */
const machineLoad = () => {
  const loads = os.loadavg().map((load) => load.toFixed(1));
  return `load average ${loads.join(' ')} on ${os.cpus().length} cores, ${Math.round(os.freemem() / 2 ** 20)} MB free`;
};

/**
 * axe on the page as it stands once its requests have settled: any serious or critical violation fails the
 * test, naming the rule and the elements; every violation found is attached to the report.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // axe's analysis has no bound of its own: if it stalls, the journey says where rather than wait to its end.
  // Its stack is taken here, so that the failure names the journey's line that asked for the check.
  const calledFrom = new Error();
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      calledFrom.message = `axe did not finish on ${page.url()} within 30 s (${machineLoad()})`;
      calledFrom.stack = `Error: ${calledFrom.message}\n${calledFrom.stack?.split('\n').slice(1).join('\n') ?? ''}`;
      reject(calledFrom);
    }, 30_000);
  });
  // Legacy mode runs axe in the page itself: by default it opens a second page for axe's last step, which cost 0.6 s
  // a call, and opening a page is a step known to hang now and then on loaded machines (decision 1564). No journey
  // page has frames, which legacy mode would test only when of the same origin.
  const analysis = new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const { violations } = await Promise.race([analysis, stalled]).finally(() => clearTimeout(timer));
  const where = new URL(page.url()).pathname;
  if (violations.length > 0)
    await test
      .info()
      .attach(`axe ${where}`, { body: JSON.stringify(violations, null, 2), contentType: 'application/json' });
  const serious = violations
    .filter((violation) => failingImpacts.has(violation.impact ?? ''))
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

/** The pages whose `goto` runs axe (the journeys' own `page`), so that `signIn` does not run it twice. */
export const pagesCheckedOnGoto = new WeakSet<Page>();

/**
 * The journeys' `test`: axe checks every page they open with `page.goto`, and the page each test ends on
 * (which covers pages reached by clicking a link). Signing in through the form checks the provider's page and the
 * app's first page.
 */

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    pagesCheckedOnGoto.add(page);
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await expectAccessible(page);
      return response;
    };
    await use(page);
    const passed = testInfo.status === testInfo.expectedStatus;
    if (passed && !page.isClosed() && page.url().startsWith('http')) await expectAccessible(page);
  },
});

export { expect };
