/**
 * The support tool's command line: parses, connects, runs one command, prints what happened and
 * answers an exit code (support/errors.ts). Every action needs `--by` (who) and `--why`.
 */
import { parseArgs } from 'node:util';
import { act } from './act.js';
import { actionOf, processOf, SUPPORT_ACTIONS, PROCESSES } from './catalogue.js';
import { openContext, type Env, type SupportContext } from './connect.js';
import { CliError, EXIT, usageError } from './errors.js';
import { formatReport, sellerReport } from './seller.js';
import { waitingQuery, waitingRuns } from './waiting.js';
import { apiCommand, API_USAGE } from './api-access.js';
import { accountCommand, ACCOUNT_USAGE } from './account.js';
import { whoAndWhy } from './who.js';
import { OPTIONS, type Flags } from './flags.js';

export interface Out { log(text: string): void; error(text: string): void }

const USAGE = [
  'Usage: npm run support -- <command> [options]',
  '',
  '  seller <email|id> [--limit N]             the seller, balance, ledger and every run with its status',
  '  waiting [--kind K] [--seller ID]          running processes that wait for support (K: comfort, withdrawal, purchase)',
  ...PROCESSES.flatMap((p) => SUPPORT_ACTIONS.filter((a) => a.process === p.command).map((a) =>
    `  ${`${p.command} ${a.command} <id>${a.needs ? ` --${a.needs} REF` : ''}`.padEnd(41)} ${a.summary} (update ${a.update})`)),
  ...API_USAGE,
  ...ACCOUNT_USAGE,
  '',
  'Every action needs --by NAME (who) and --why TEXT (recorded with it). --json prints JSON.',
  'Settings come from the environment like the worker: MONGODB_URI, MONGODB_DB, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, SECRETS_KEY.',
  'Exit codes: 0 done, 1 refused (nothing changed), 2 usage or settings, 3 not found, 4 servers unreachable.',
].join('\n');



/** Runs the tool; answers the exit code. */
export async function main(argv: string[], env: Env, out: Out): Promise<number> {
  let ctx: SupportContext | null = null;
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (err) {
      throw usageError(`${(err as Error).message}\n\n${USAGE}`);
    }
    const flags = parsed.values as Flags;
    const [command, ...rest] = parsed.positionals;
    if (!command || command === 'help' || flags.help) {
      out.log(USAGE);
      return command || flags.help ? EXIT.ok : EXIT.usage;
    }
    const print = (json: unknown, text: string) => out.log(flags.json ? JSON.stringify(json, null, 2) : text);

    if (command === 'seller') {
      if (rest.length !== 1) throw usageError('Usage: npm run support -- seller <email|id>');
      const limit = flags.limit ? Number(flags.limit) : 20;
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) throw usageError('--limit is a whole number from 1 to 500.');
      ctx = await openContext(env);
      const report = await sellerReport(ctx.db.db!, rest[0]!, limit);
      print(report, formatReport(report));
      return EXIT.ok;
    }
    if (command === 'waiting') {
      if (rest.length) throw usageError('Usage: npm run support -- waiting [--kind K] [--seller ID]');
      const query = waitingQuery({ kind: flags.kind, seller: flags.seller });
      ctx = await openContext(env);
      const runs = await waitingRuns(await ctx.temporal(), query);
      print({ query, runs }, [`Query: ${query}`, `${runs.length} waiting for support`,
        ...runs.map((r) => `  ${r.workflowId}  seller ${r.sellerId}  ${r.status}${r.subState !== 'none' ? ` (${r.subState})` : ''}  since ${r.startedAt}`)].join('\n'));
      return EXIT.ok;
    }
    if (command === 'account') {
      // Who and why are checked before anything connects: a penalty without them is never recorded.
      if (rest.length === 2) whoAndWhy(flags);
      ctx = await openContext(env);
      return await accountCommand(ctx, rest, flags, print);
    }
    if (command === 'api') {
      ctx = await openContext(env);
      return await apiCommand(ctx, rest, flags, print);
    }
    const process = processOf(command);
    if (!process) throw usageError(`Unknown command ${command}.\n\n${USAGE}`);
    const [name, id, ...extra] = rest;
    const action = name ? actionOf(process.command, name) : undefined;
    if (!action) {
      const names = SUPPORT_ACTIONS.filter((a) => a.process === process.command).map((a) => a.command).join(', ');
      throw usageError(`Unknown ${process.label} action ${name ?? '(none)'}: one of ${names}.`);
    }
    if (!id || extra.length) throw usageError(`Usage: npm run support -- ${process.command} ${action.command} <id> --by NAME --why TEXT${action.needs ? ` --${action.needs} REF` : ''}`);
    const who = whoAndWhy(flags);
    const reference = flags.reference?.trim();
    if (action.needs === 'reference' && !reference) throw usageError('Marking paid needs --reference REF (the payment reference that proves it).');
    ctx = await openContext(env);
    const r = await act(await ctx.temporal(), { process, action, id, ...who, reference });
    print({ ok: true, ...r }, `Done: ${action.update} on ${r.workflowId} by ${who.by}. Now ${r.state} (${r.status}${r.subState && r.subState !== 'none' ? `, ${r.subState}` : ''}).`);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CliError) {
      out.error(err.message);
      return err.exitCode;
    }
    // An unexpected failure: its message only (a stack trace could carry connection strings).
    out.error(`Failed: ${(err as Error)?.message ?? String(err)}`);
    return EXIT.unavailable;
  } finally {
    await ctx?.close();
  }
}
