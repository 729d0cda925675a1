// The layer directions of ARCHITECTURE.md ("nothing imports web, api or workers"; domain imports
// nothing; workflows import only domain and activity types) and no floating promises, as guards
// that run in `npm test` rather than reminders. tests/unit/lint-layers.test.ts shows they bite.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * A forbidden top-level folder, reached by climbing (`../api/x`, `../../../workers/y`): a folder of the
 * same name inside a layer (`web/src/lib/api.ts`) is not the layer. `types` lets `import type`
 * through (erased at build, no runtime edge).
 */
const no = (name, why, types = false) => ({ regex: `^(\\.\\./)+${name}(/|$)`, message: why, allowTypeImports: types });
const NODE_ONLY = 'domain, workflows and web run everywhere (browser, workflow sandbox): no Node-only imports.';
const noNode = { group: ['node:*'], message: NODE_ONLY };
// Built-ins by exact name (as paths, not patterns: the pattern `domain` would match ../domain/x.js).
const nodePaths = builtinModules.map((name) => ({ name, message: NODE_ONLY }));
const rule = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns, ...(patterns.includes(noNode) ? { paths: nodePaths } : {}) }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'web/public/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['domain/**'],
    rules: rule(noNode, ...['infra', 'api', 'workflows', 'workers', 'web', 'support', 'scripts'].map((l) => no(l, 'domain imports nothing outside domain.'))),
  },
  {
    files: ['workflows/**'],
    rules: rule(
      noNode,
      { group: ['@temporalio/client', '@temporalio/worker', '@temporalio/activity'], message: 'workflows use @temporalio/workflow only.' },
      no('workers', 'workflows import activity types only (import type).', true),
      no('infra', 'workflows import infra types only (import type): I/O belongs in activities.', true),
      ...['api', 'web', 'support', 'scripts'].map((l) => no(l, 'workflows import only domain, @temporalio/workflow and activity types.')),
    ),
  },
  {
    files: ['api/**'],
    rules: rule(...['workflows', 'workers', 'web', 'support', 'scripts'].map((l) => no(l, 'api reaches workflows through the Temporal client and definitions in domain/.'))),
  },
  {
    files: ['infra/**'],
    rules: rule(
      no('workflows', 'infra imports workflow types only.', true),
      ...['api', 'workers', 'web', 'support', 'scripts'].map((l) => no(l, 'infra is imported by api and workers, never the reverse.')),
    ),
  },
  {
    files: ['workers/**'],
    rules: rule(...['api', 'web', 'support', 'scripts'].map((l) => no(l, 'nothing imports web, api or workers except their own folder.'))),
  },
  {
    files: ['support/**'],
    rules: rule(...['api', 'web', 'workers', 'scripts'].map((l) => no(l, 'nothing imports web, api or workers except their own folder.'))),
  },
  {
    files: ['web/**'],
    rules: {
      ...rule(noNode, ...['infra', 'api', 'workflows', 'workers'].map((l) => no(l, 'web imports only domain (and talks to the API over HTTP and sockets).'))),
      'react-hooks/rules-of-hooks': 'error',
      // An error: the five effects it warned about first now list what they use (issue 18); the six
      // eslint-disable comments mark reviewed effects that run on purpose with fewer dependencies.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Tests may import anything and read loosely typed answers.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
