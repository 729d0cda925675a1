// The tool's command-line options, apart from cli.ts: the commands read the parsed flags, and cli.ts
// imports the commands (a command importing cli.ts for the type was a cycle, issue 29).
export const OPTIONS = {
  by: { type: 'string' }, why: { type: 'string' }, reference: { type: 'string' }, json: { type: 'boolean' },
  limit: { type: 'string' }, kind: { type: 'string' }, seller: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type Flags = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string };
