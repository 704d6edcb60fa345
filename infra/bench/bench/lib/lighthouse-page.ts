// One Lighthouse run (desktop preset, performance and accessibility) of one page in a fresh headless Chromium.
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

export interface PageRun {
  readonly performance: number;
  readonly accessibility: number;
  readonly lcpMs: number;
  readonly cls: number;
  /** Bytes of JavaScript as sent over the network (compressed, headers included). */
  readonly scriptBytes: number;
  /** The status of the page's GET /api/auth/user: tells a signed-in run from a signed-out one. */
  readonly sessionStatus: number | null;
  /** Accessibility audits that failed, by id, to say what to fix. */
  readonly failedAccessibility: readonly string[];
}

interface NetworkItem {
  readonly url: string;
  readonly resourceType?: string;
  readonly transferSize?: number;
  readonly statusCode?: number;
}

const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const runOnce = async (url: string, cookie: string | null): Promise<PageRun> => {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id];
    const requests = (audit('network-requests')?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const accessibilityRefs = lhr.categories.accessibility?.auditRefs ?? [];
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
      cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
      scriptBytes: requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      sessionStatus: requests.find((r) => new URL(r.url).pathname === '/api/auth/user')?.statusCode ?? null,
      failedAccessibility: accessibilityRefs
        .filter((ref) => ref.weight > 0 && audit(ref.id)?.score === 0)
        .map((ref) => ref.id),
    };
  } finally {
    chrome.kill();
  }
};

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try up to 3 times. */
export const runLighthouse = async (url: string, cookie: string | null): Promise<PageRun> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, cookie);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`retrying ${url}: ${(error as Error).message}`);
    }
  }
};
