import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/ARCHITECTURE.md): the web app never imports the server, the shared
// contract imports neither and stays free of Node, DOM and ORM code. The published SDK imports
// nothing but its own files: zero dependencies, no Node built-ins, nothing from the repo.
const serverOnly = [
  '@leadbell/server',
  '@leadbell/server/*',
  '**/apps/server/**',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  'better-auth',
  'better-auth/*',
];
const webOnly = ['@leadbell/web', '@leadbell/web/*', '**/apps/web/**', 'react', 'react-dom', 'react-router'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import cycles in the apps and packages: a circle makes load order decide what a module
    // sees at start-up, and ties two files so neither can change alone. Type-only imports are not
    // followed (the rule's own choice): they vanish at run time. Relative imports name their .ts
    // file and @leadbell/shared maps to its sources by `exports`, so Node's resolution finds them.
    files: ['apps/**/*.{ts,tsx,mjs}', 'packages/**/*.ts'],
    // Nothing imports a test file, so no circle runs through one: checking them only costs time.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the rule skips every .ts file it reaches (its defaults are JavaScript's).
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...serverOnly, ...webOnly, 'node:*'],
              message: 'packages/shared holds zod and plain TypeScript only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/sdk/src/**/*.ts'],
    ignores: ['packages/sdk/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The contract's zod-free lists are the exception: tsup bundles them in (tsup.config.ts).
              regex: '^(?!\\./|@leadbell/shared/(error-code-list|lead-sources)$)',
              message:
                'The published SDK has no dependencies and reaches into nothing else: import only ./x.ts, or a zod-free list of the contract that tsup bundles in.',
            },
          ],
        },
      ],
    },
  },
  {
    // Its tests run in Node and may read the shared contract to prove the SDK's copy matches.
    files: ['packages/sdk/src/**/*.test.ts', 'packages/sdk/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: [...serverOnly, ...webOnly], message: 'SDK tests talk to servers over HTTP only.' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: [...serverOnly, 'node:*'], message: 'The web app talks to the server over HTTP only.' }],
        },
      ],
    },
  },
  {
    // Build and benchmark scripts run in Node, not in the browser.
    files: ['apps/web/*.config.ts', 'apps/web/scripts/**/*.ts', 'apps/web/bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: webOnly, message: 'The server never imports the web app.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern, even an empty one.
    files: ['e2e/fixtures/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
