/**
 * A configuration a process cannot start with: every `*ConfigError` extends it, so each main
 * (api/main.ts, workers/main.ts, the simulator) reads its settings through `configOrExit` once. The
 * message names the setting and what to fix, never a secret's value.
 */
export class ConfigError extends Error {}

/** The settings `read` returns; a ConfigError prints its message and stops the process (exit 2), anything else is thrown on. */
export function configOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}
