// No floating promises, no `any`, the hooks rules and the tests' wait rules, as guards that run in
// `npm test`. The layer directions moved to dependency-cruiser (.dependency-cruiser.cjs, run by
// `npm run lint`), which also sees dynamic import(), npm packages and cycles (issue 29).
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
    files: ['web/**'],
    rules: {
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
