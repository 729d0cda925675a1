/**
 * `support waiting [--kind K] [--seller ID]`: every running process that waits for support, from
 * Temporal's visibility with the same query support types in the Temporal UI.
 */
import type { Client } from '@temporalio/client';
import { SA, SEARCH_ATTRIBUTES as A } from '../domain/search-attributes.js';
import { usageError } from './errors.js';
import { PROCESSES } from './catalogue.js';

export interface WaitingRun { workflowId: string; kind: string; sellerId: string; status: string; subState: string; startedAt: string }

const quoted = (v: string) => {
  if (!/^[A-Za-z0-9:._@-]+$/.test(v)) throw usageError(`Not a valid id: ${v}`);
  return `"${v}"`;
};

/** The visibility query for runs waiting for support, optionally of one process and one seller. */
export function waitingQuery(opts: { kind?: string; seller?: string }): string {
  const parts = ['ExecutionStatus="Running"', `${A.waitingFor.name}="support"`];
  if (opts.kind) {
    const p = PROCESSES.find((x) => x.command === opts.kind || x.table.kind === opts.kind);
    if (!p) throw usageError(`Unknown process ${opts.kind}: one of ${PROCESSES.map((x) => x.command).join(', ')}.`);
    parts.push(`${A.kind.name}="${p.table.kind}"`);
  }
  if (opts.seller) parts.push(`${A.sellerId.name}=${quoted(opts.seller)}`);
  return parts.join(' AND ');
}

export async function waitingRuns(client: Client, query: string, limit = 200): Promise<WaitingRun[]> {
  const out: WaitingRun[] = [];
  for await (const w of client.workflow.list({ query })) {
    const sa = w.typedSearchAttributes;
    out.push({
      workflowId: w.workflowId, kind: sa.get(SA.kind) ?? '', sellerId: sa.get(SA.sellerId) ?? '',
      status: sa.get(SA.status) ?? '', subState: sa.get(SA.subState) ?? 'none', startedAt: w.startTime.toISOString(),
    });
    if (out.length >= limit) break;
  }
  return out;
}
