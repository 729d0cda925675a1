// The layer directions of ARCHITECTURE.md as an allow-list that a tool checks in `npm test`
// (`npm run lint` runs `npm run boundaries`): every import, `import type`, re-export and dynamic
// `import()` of a layer must match one rule below, npm packages and Node built-ins included, and no
// module may reach itself again through its imports (no cycles, repo-wide, type-only edges too: a
// type cycle still ties two modules' changes together). tests/unit/boundaries.test.ts shows each
// rule bites. eslint no longer carries layer rules: this is the complete one.

/** A top-level folder (a layer). */
const layer = (...names) => `^(${names.join('|')})/`;
/** npm packages by name, wherever node_modules is (a linked work tree resolves into another checkout). */
const pkg = (...names) => `(^|/)node_modules/(${names.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})/`;
const NPM = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];
// Type-only edges are erased at build: they may point where a runtime import may not.
const TYPES = ['type-only', 'type-import'];

/**
 * domain runs everywhere (browser, workflow sandbox, Node): pure rules, no I/O, no Node built-ins,
 * and only these packages (validation, address checksums, the search-attribute types Temporal shares).
 */
const DOMAIN_PACKAGES = ['superstruct', 'bs58check', '@temporalio/common'];
/** Workflows run in Temporal's deterministic sandbox: its workflow API and shared types only. */
const WORKFLOW_PACKAGES = ['@temporalio/workflow', '@temporalio/common'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No cycles anywhere: a cycle makes load order matter and ties the modules\' changes together.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import the tool cannot resolve is an import it cannot check.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  allowedSeverity: 'error',
  allowed: [
    // Every layer may import its own folder.
    { from: { path: '^([^/]+)/' }, to: { path: '^$1/' } },
    // domain: nothing but domain and its allow-listed packages.
    { from: { path: layer('domain') }, to: { dependencyTypes: NPM, path: pkg(...DOMAIN_PACKAGES) } },
    // workflows: domain, the sandbox's packages, and the types of the activities (workers) and infra they call.
    { from: { path: layer('workflows') }, to: { path: layer('domain') } },
    { from: { path: layer('workflows') }, to: { dependencyTypes: NPM, path: pkg(...WORKFLOW_PACKAGES) } },
    { from: { path: layer('workflows') }, to: { path: layer('workers', 'infra'), dependencyTypes: TYPES } },
    // infra: domain, workflow types, Node and any package.
    { from: { path: layer('infra') }, to: { path: layer('domain') } },
    { from: { path: layer('infra') }, to: { path: layer('workflows'), dependencyTypes: TYPES } },
    { from: { path: layer('infra', 'api', 'workers', 'support') }, to: { dependencyTypes: ['core', ...NPM] } },
    // api reaches workflows through the Temporal client and the definitions in domain/.
    { from: { path: layer('api') }, to: { path: layer('domain', 'infra') } },
    // workers run the activities and bundle the workflows.
    { from: { path: layer('workers') }, to: { path: layer('domain', 'infra', 'workflows') } },
    // the support tool: domain, infra and workflow definitions.
    { from: { path: layer('support') }, to: { path: layer('domain', 'infra', 'workflows') } },
    // web: domain and browser packages (no Node built-ins); it talks to the API over HTTP and sockets.
    { from: { path: layer('web') }, to: { path: layer('domain') } },
    { from: { path: layer('web') }, to: { dependencyTypes: NPM } },
    // Scripts, tests, examples and root config start, drive and check everything.
    { from: { path: '^(scripts|tests|examples)/|^[^/]+$' }, to: {} },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.data|web/public)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], mainFields: ['module', 'main', 'types', 'typings'] },
    skipAnalysisNotInRules: false,
  },
};
