/** Exit codes of the support tool, so scripts can tell a refusal from a typo from an outage. */
export const EXIT = {
  ok: 0,
  /** The process refused the action (the table or a check said no); nothing changed. */
  refused: 1,
  /** Bad command line or missing setting. */
  usage: 2,
  /** No such seller or run. */
  notFound: 3,
  /** MongoDB or Temporal could not be reached. */
  unavailable: 4,
} as const;

/** A failure the tool explains in one line and ends with its exit code. */
export class CliError extends Error {
  constructor(readonly exitCode: number, message: string) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message);
