/**
 * What wouter imports as `use-sync-external-store/shim`: React 18+ has the hook built in, and the
 * shim's fallback for older React (about 0.4 KB gzip in the first view) never runs with React 19.
 * scripts/build-web.ts points the shim's import here.
 */
export { useSyncExternalStore } from 'react';
