// One flat config for the workspace: type-checked rules, kebab-case files, env read in one place per service,
// and the architecture's boundaries (docs/architecture.md, "Packages and what each may import").
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Every workspace package has one role. A new package must be given one here, or lint refuses to run.
const roles = {
  /** Schemas of every event, command and HTTP body, the policy table: imports nothing of ours. */
  events: ['events'],
  /** Libraries: import `events` and each other, never a service or a composition root. */
  libraries: [
    'infra/event-store',
    'infra/server-kit',
    'infra/shopify',
    'infra/migrations',
    'infra/postgres',
    'infra/kafka',
  ],
  /** Deployable roles: import `events` and libraries, never each other. */
  services: ['command-api', 'query-api', 'projectors', 'infra/gateway', 'frontend'],
  /** Composition roots put the services together (the start runner, the benches); nothing imports them. */
  compositionRoots: ['infra/local', 'infra/bench'],
};

const workspacePackages = [
  'events',
  'command-api',
  'query-api',
  'projectors',
  'frontend',
  ...readdirSync(`${root}/infra`).map((d) => `infra/${d}`),
];
const unplaced = workspacePackages.filter((p) => !Object.values(roles).flat().includes(p));
if (unplaced.length) {
  throw new Error(`eslint.config.js: give ${unplaced.join(', ')} a role (events, library, service, composition root)`);
}

/**
 * Tests may build the services upstream of theirs as fixtures, in the direction the data flows: command-api's
 * tests run the projectors (sessions and lookups read `rm.*`, imports need the reactor); query-api's tests write
 * through the command bus and project with the projectors. Their sources never do.
 */
const testFixtures = { 'command-api': ['projectors'], 'query-api': ['command-api', 'projectors'] };

const zone = (target, from, message, except) => ({
  target: `./${target}`,
  from: `./${from}`,
  message,
  ...(except ? { except } : {}),
});

const packageZones = (fixtures = []) => [
  ...[...roles.libraries, ...roles.services].map((p) =>
    zone('events', p, '`events` imports nothing of ours: it is the contract every package shares.'),
  ),
  ...roles.libraries.flatMap((lib) =>
    roles.services.map((p) =>
      zone(lib, p, 'An infra library never imports a service: move the shared code into a library.'),
    ),
  ),
  ...roles.services.flatMap((service) =>
    roles.services
      .filter((s) => s !== service && !fixtures.includes(s))
      .map((p) =>
        zone(service, p, 'Services never import each other: call over HTTP, follow the event log, or share a library.'),
      ),
  ),
  ...workspacePackages.flatMap((pkg) =>
    roles.compositionRoots
      .filter((r) => r !== pkg)
      .map((r) =>
        zone(
          pkg,
          r,
          'Nothing imports a composition root (infra/local, infra/bench): it is where everything else meets.',
        ),
      ),
  ),
  ...roles.libraries.map((lib) =>
    zone('frontend', lib, 'The frontend runs in the browser: it imports only `@dm/events/http`.'),
  ),
  zone('frontend', 'events', 'The frontend imports only `@dm/events/http` (and what it re-exports).', ['./src/http']),
];

const features = readdirSync(`${root}/frontend/src/features`);
const sharedFrontend =
  'Shared code lives in frontend/src/components or frontend/src/lib; routes in src/app put features together.';
const frontendZones = [
  ...features.map((feature) =>
    zone(
      `frontend/src/features/${feature}`,
      'frontend/src/features',
      `Frontend features never import each other. ${sharedFrontend}`,
      [`./${feature}`],
    ),
  ),
  zone('frontend/src/features', 'frontend/src/app', `Features never import the app shell. ${sharedFrontend}`),
  ...['components', 'lib'].flatMap((shared) =>
    ['features', 'app'].map((upper) =>
      zone(
        `frontend/src/${shared}`,
        `frontend/src/${upper}`,
        `src/${shared} is shared: it imports no feature and not the app.`,
      ),
    ),
  ),
];

const boundaries = (fixtures) => ['error', { basePath: root, zones: [...packageZones(fixtures), ...frontendZones] }];
const testFiles = (pkg) => [`${pkg}/**/*.spec.ts`, `${pkg}/test/**`];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.cache/**',
      'bench-results/**',
      // Written by `shopify app function typegen` from the Function API's schema; checked by typecheck instead.
      'infra/shopify/extensions/discount-function/generated/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: root },
    },
    plugins: { 'check-file': checkFile, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [`${root}/*/tsconfig.json`, `${root}/infra/*/tsconfig.json`],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and hooks are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/src/**/': 'KEBAB_CASE' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in config/env.ts (parsed by zod).' },
      ],
      'import-x/no-restricted-paths': boundaries(),
      // Run-time cycles between files, inside a package or across packages (type-only imports do not count).
      'import-x/no-cycle': 'error',
      // A package is reached through its name and `exports`, never by a relative path into its folder.
      'import-x/no-relative-packages': 'error',
    },
  },
  ...Object.entries(testFixtures).map(([pkg, fixtures]) => ({
    files: testFiles(pkg),
    rules: { 'import-x/no-restricted-paths': boundaries(fixtures) },
  })),
  {
    // The places allowed to read process.env: per-service env parsing, test and bench harnesses, CLIs.
    files: [
      '**/config/**',
      '**/env.ts',
      '**/test/**',
      '**/bench/**',
      '**/e2e/**',
      '**/*.spec.ts',
      '**/testing/**',
      '**/*.config.ts',
      '**/cli/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**'],
    // expect.any(…) and friends are typed any by vitest.
    rules: { '@typescript-eslint/unbound-method': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
);
