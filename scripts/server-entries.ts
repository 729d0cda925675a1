/** The server processes scripts/build-server.ts bundles into dist/, and the bundle each source entry becomes. */

/** The processes, by the name of their file in dist/. */
export const SERVER_ENTRIES = {
  api: 'api/main.ts',
  worker: 'workers/main.ts',
  support: 'support/main.ts',
  simulator: 'infra/simulator/main.ts',
  migrate: 'workers/migrate.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'xlsx-reader-thread': 'api/comfort-trade/xlsx-reader-thread.ts',
} as const;

/** `dist/<name>.js` for a process's source entry (e.g. api/main.ts), undefined for a file no bundle starts from. */
export function bundleOf(entry: string): string | undefined {
  const name = Object.entries(SERVER_ENTRIES).find(([, source]) => source === entry)?.[0];
  return name ? `dist/${name}.js` : undefined;
}
