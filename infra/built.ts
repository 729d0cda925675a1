/**
 * Whether this code runs from the ahead-of-time bundles in dist/ (scripts/build-server.ts defines
 * `__COINMARKET_BUILT__`) rather than from the TypeScript sources through tsx. The bundles find
 * their companions (the workflow bundle, the XLSX reader thread) beside themselves in dist/, where
 * no TypeScript source and no tsx exist.
 */
declare const __COINMARKET_BUILT__: boolean | undefined;

export const BUILT: boolean = typeof __COINMARKET_BUILT__ !== 'undefined' && __COINMARKET_BUILT__;
