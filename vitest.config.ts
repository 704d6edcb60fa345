import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const pgSetup = './infra/postgres/src/testing/global-setup.ts';
const packages = '{events,command-api,query-api,projectors,infra}';

/**
 * The files that run whole stacks (the model-based test first, then `infra/local/test/`) take minutes where most
 * take seconds. Without timings from an earlier run (a clean clone has none) vitest starts the largest files first,
 * and these are small, so they would start last and run alone at the end. Started first, the other files fill the
 * other workers beside them (decision 1430).
 */
const longRunning = [/\/infra\/local\/test\/model\//, /\/infra\/local\/test\//];
const rank = (spec: TestSpecification) => {
  const index = longRunning.findIndex((pattern) => pattern.test(spec.moduleId));
  return index === -1 ? longRunning.length : index;
};
class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    // vitest's own default is one worker fewer than the cores: one on 2 cores. DM_TEST_WORKERS=2 runs two files at a
    // time; not the default yet: on a machine loaded 10 times past its cores some integration files fail beside
    // another file (decision 1430 names them).
    ...(process.env.DM_TEST_WORKERS ? { maxWorkers: Number(process.env.DM_TEST_WORKERS) } : {}),
    sequence: { sequencer: LongRunningFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [`${packages}/**/*.unit.spec.ts`],
          exclude: ['**/node_modules/**'],
          // One module graph per worker, not per file: 30 CPU-s isolated, 9 so (decision 1548).
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        test: {
          name: 'int',
          include: [`${packages}/**/*.int.spec.ts`],
          exclude: ['**/node_modules/**'],
          globalSetup: [pgSetup],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One module graph per worker, not per file: 1,174 CPU-s isolated, 844 so (decision 1548). Each file
          // already gets its own database and its own servers; what it starts, it stops in its own hooks.
          isolate: false,
          unstubGlobals: true,
        },
      },
      './frontend/vitest.config.ts',
      // `pnpm soak`: the model-based test for as long as asked (scripts/soak.mjs), never in the default run.
      ...(process.env.DM_SOAK === '1'
        ? [
            {
              test: {
                name: 'soak',
                include: [`${packages}/**/*.soak.spec.ts`],
                globalSetup: [pgSetup],
                testTimeout: 0,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      // Needs a Docker engine (KurrentDB in a container): only with `pnpm test:docker`, never in the default run.
      ...(process.env.DM_DOCKER_TESTS === '1'
        ? [
            {
              test: {
                name: 'docker',
                include: [`${packages}/**/*.docker.spec.ts`],
                testTimeout: 60_000,
                hookTimeout: 240_000,
              },
            },
          ]
        : []),
    ],
  },
});
