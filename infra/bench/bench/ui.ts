// `pnpm bench ui`: Lighthouse (desktop preset) against the app started as `pnpm start` starts it, on free ports:
// performance, accessibility, LCP, CLS and the compressed JavaScript of the landing page and of every screen
// in the route table, signed in as the demo super admin (who may open them all); the median of 3 runs each.
// Lighthouse's scores are their own baseline. Also checks that the built assets are sent brotli-compressed
// with an immutable cache lifetime. Scores and timings move with the machine's load.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { screenPolicy } from '@dm/events';
import { atLeast, atMost, below, exactly, figure, median, reportBench, type Figure } from '../src/index';
import { runLighthouse, type PageRun } from './lib/lighthouse-page';
import { sessionCookie } from './lib/session-cookie';
import { buildFrontend, repoRoot, startApp } from './lib/started-app';

const runs = Number(process.env.BENCH_UI_RUNS ?? 3);
const account = { email: 'super@demo.test', password: 'demo' };
const scriptBudgetKb = 150;

interface Page {
  readonly name: string;
  readonly path: string;
  readonly signedIn: boolean;
  /** Where a first load lands: the landing page, and where sign-in sends a manager (/) or a user (/discounts). */
  readonly firstLoad: boolean;
}
const pages: Page[] = [
  { name: 'landing (/ signed out)', path: '/', signedIn: false, firstLoad: true },
  ...Object.keys(screenPolicy).map((route) => ({
    name: route,
    path: route.replace(':id', '1'),
    signedIn: true,
    firstLoad: route === '/' || route === '/discounts',
  })),
];

/** The share of built assets of 1 KB or more (the ones compressed at build) answered as brotli, cached for good. */
const compressedAssetShare = async (url: string): Promise<number> => {
  const dir = path.join(repoRoot, 'frontend', 'dist', 'assets');
  const assets = readdirSync(dir).filter((file) => /\.(js|css)$/.test(file) && readdirSync(dir).includes(`${file}.br`));
  let served = 0;
  for (const file of assets) {
    const answer = await fetch(`${url}/assets/${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await answer.arrayBuffer();
    const cached = /immutable/.test(answer.headers.get('cache-control') ?? '');
    if (answer.ok && answer.headers.get('content-encoding') === 'br' && cached) served++;
    else
      console.log(
        `${file}: ${answer.status} ${answer.headers.get('content-encoding')} ${answer.headers.get('cache-control')}`,
      );
  }
  return assets.length === 0 ? 0 : served / assets.length;
};

const pageFigures = (page: Page, samples: readonly PageRun[]): Figure[] => {
  const mid = (pick: (run: PageRun) => number) => median(samples.map(pick));
  return [
    figure({
      name: `${page.name}: performance`,
      value: mid((r) => r.performance),
      unit: 'score',
      baseline: null,
      target: atLeast(95, 'score'),
    }),
    figure({
      name: `${page.name}: accessibility`,
      value: mid((r) => r.accessibility),
      unit: 'score',
      baseline: null,
      target: exactly(100),
    }),
    figure({ name: `${page.name}: LCP`, value: mid((r) => r.lcpMs), unit: 'ms', baseline: null, target: null }),
    figure({
      name: `${page.name}: CLS`,
      value: mid((r) => r.cls),
      unit: 'CLS',
      baseline: null,
      target: below(0.05, 'CLS'),
    }),
    figure({
      name: `${page.name}: JavaScript (compressed)`,
      value: mid((r) => r.scriptBytes) / 1024,
      unit: 'KB',
      baseline: null,
      target: page.firstLoad ? atMost(scriptBudgetKb, 'KB') : null,
    }),
  ];
};

buildFrontend();
const app = await startApp();
const figures: Figure[] = [];
try {
  console.log(`app started at ${app.url}`);
  const cookie = await sessionCookie(app.url, account.email, account.password);
  figures.push(
    figure({
      name: 'built JS and CSS assets sent brotli-compressed and immutable',
      value: await compressedAssetShare(app.url),
      unit: 'share',
      baseline: null,
      target: exactly(1),
    }),
  );
  const samples = new Map<Page, PageRun[]>(pages.map((page) => [page, []]));
  // Round by round rather than page by page, so a slow spell of the machine spreads over every page.
  for (let round = 1; round <= runs; round++) {
    for (const page of pages) {
      const run = await runLighthouse(`${app.url}${page.path}`, page.signedIn ? cookie : null);
      const expected = page.signedIn ? 200 : 401;
      if (run.sessionStatus !== expected)
        throw new Error(`${page.name}: GET /api/auth/user answered ${run.sessionStatus}, expected ${expected}`);
      samples.get(page)!.push(run);
      const failed = run.failedAccessibility.length ? `, failed: ${run.failedAccessibility.join(' ')}` : '';
      console.log(
        `run ${round}/${runs} ${page.name}: performance ${run.performance}, accessibility ${run.accessibility}, ` +
          `LCP ${Math.round(run.lcpMs)} ms, CLS ${run.cls.toFixed(3)}, JS ${(run.scriptBytes / 1024).toFixed(1)} KB${failed}`,
      );
    }
  }
  for (const page of pages) figures.push(...pageFigures(page, samples.get(page)!));
} finally {
  await app.stop();
}
reportBench('ui', figures);
