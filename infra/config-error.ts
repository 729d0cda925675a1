/**
 * A configuration a process cannot start with: every `*ConfigError` extends it, so each main
 * (api/main.ts, workers/main.ts) catches `instanceof ConfigError` once, prints the message (which
 * names the setting and what to fix, never its secret value) and exits with code 2.
 */
export class ConfigError extends Error {}
