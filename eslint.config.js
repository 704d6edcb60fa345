// One flat config for the workspace: type-checked rules, kebab-case files, env read in one place per service.
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'bench-results/**', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and hooks are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/src/**/': 'KEBAB_CASE' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in config/env.ts (parsed by zod).' },
      ],
    },
  },
  {
    // The places allowed to read process.env: per-service env parsing, test and bench harnesses, CLIs.
    files: ['**/config/**', '**/env.ts', '**/test/**', '**/bench/**', '**/e2e/**', '**/*.spec.ts', '**/testing/**', '**/*.config.ts', '**/cli/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**'],
    // expect.any(…) and friends are typed any by vitest.
    rules: { '@typescript-eslint/unbound-method': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
);
