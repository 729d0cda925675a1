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

const SLEEP = 'No sleeps in tests: wait for the authoritative end with eventually() from tests/support/wait.ts (a workflow result, a record, a server\'s answer).';
const BOUND = 'No wall-clock bounds in tests (Date.now() - t0): assert what the servers recorded (workflow start/close times, a record) or measure it in tests/bench.';
const elapsed = (clock) => `BinaryExpression[operator='-'][left.type='CallExpression'][left.callee.object.name='${clock}'][left.callee.property.name='now'][right.type!='Literal'][right.type!='BinaryExpression']`;
/** Exported for tests/unit/lint-tests.test.ts. */
export const TEST_WAIT_RULES = [
  { selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']", message: SLEEP },
  { selector: "CallExpression[callee.property.name='waitForTimeout']", message: SLEEP },
  { selector: "CallExpression[callee.object.name='Atomics'][callee.property.name='wait']", message: SLEEP },
  { selector: elapsed('Date'), message: BOUND },
  { selector: elapsed('performance'), message: BOUND },
];

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
  // A test waits for the authoritative end (a workflow's result, then its record; a server's own answer)
  // through tests/support's one wait helper, `eventually`: a fixed sleep is too short on a loaded machine
  // and wasted time on a quiet one, and a wall-clock bound asserts speed, which is the benchmarks' job
  // (issue 29). tests/unit/lint-tests.test.ts shows each selector bites.
  {
    files: ['tests/**'],
    ignores: ['tests/support/**', 'tests/bench/**'],
    rules: {
      'no-restricted-syntax': ['error', ...TEST_WAIT_RULES],
      'no-restricted-imports': ['error', { paths: ['timers/promises', 'node:timers/promises'].map((name) => ({ name, message: SLEEP })) }],
    },
  },
);
