import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importZones from './eslint-rules/import-zones.js';
import { serverZones } from './eslint-rules/server-domains.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Every folder under apps/web/src/features is a feature of its own. */
const webFeatures = fs
  .readdirSync(path.join(here, 'apps/web/src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Features do not import each other; routes in src/app compose them (bulletproof-react). What
    // several features share lives outside features: src/api (resources), src/lib (the session),
    // src/components (UI), and those shared layers sit below the features and never reach up into
    // one. Zones by resolved path (eslint-rules/import-zones.js), so no depth of `../` gets round them.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { local: importZones },
    rules: {
      'local/import-zones': [
        'error',
        {
          root: here,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [feature],
              message:
                'A feature must not import another feature; share it through src/api, src/lib or src/components.',
            })),
            ...['api', 'lib', 'components'].map((layer) => ({
              target: `apps/web/src/${layer}`,
              from: 'apps/web/src/features',
              message: 'Shared layers must not import a feature.',
            })),
          ],
        },
      ],
    },
  },
  {
    // The server: one folder per domain, each with one face (index.ts); domains stand in an order and
    // lean only on those below; platform folders know no domain (eslint-rules/server-domains.js).
    files: ['apps/server/src/**/*.ts'],
    plugins: { local: importZones },
    rules: { 'local/import-zones': ['error', { root: here, zones: serverZones('apps/server/src') }] },
  },
  {
    // A source file says one thing: past 400 lines it is two files (issue 44). Tests are lists of
    // cases and are left out.
    files: [
      'apps/*/src/**/*.{ts,tsx,js,mjs}',
      'packages/*/src/**/*.{ts,tsx}',
      'scripts/**/*.{ts,mjs,js}',
      'e2e/support/**/*.ts',
      'eslint-rules/**/*.js',
    ],
    ignores: ['**/*.test.{ts,tsx,js}', '**/test/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // packages/shared stays universal: no Node or DOM.
    files: ['packages/shared/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path'] }] },
  },
);
