/**
 * Support is told when a run starts waiting for it (issue 31): one mail to the operator's support
 * address per wait, with the run's link in the Temporal UI and the support tool's commands. Found the
 * way support finds them (Temporal's visibility: WaitingFor="support", the same query as `support
 * waiting`), on this deployment's task queue; each wait is a mail outbox item keyed by the run and its
 * status, so every worker replica may sweep and the address still gets one mail, sent again by the
 * outbox until SMTP takes it. A run that leaves support and comes back in another state is a new wait.
 */
import type { Client } from '@temporalio/client';
import { SA, SEARCH_ATTRIBUTES as A } from '../../domain/search-attributes.js';
import type { Logger } from '../logger.js';
import type { MailOutbox } from './outbox.js';

export interface SupportNoticeOptions {
  /** The support address (SUPPORT_NOTIFY_EMAIL). */
  to: string;
  /** The Temporal UI support opens (TEMPORAL_UI_URL), for the run's link. */
  temporalUiUrl: string;
  namespace: string;
  /** This deployment's task queue: only its runs. */
  taskQueue: string;
}

export interface WaitingForSupport { workflowId: string; kind: string; sellerId: string; status: string; subState: string; startedAt: Date }

/** At most this many runs are read per sweep (the oldest waits come back in the next ones). */
const PER_SWEEP = 500;

/** The outbox item of one wait: the same run in the same status and sub-state is one mail, whoever sweeps. */
export const supportNoticeId = (r: Pick<WaitingForSupport, 'workflowId' | 'status' | 'subState'>): string =>
  `support:${r.workflowId}:${r.status}:${r.subState}`;

export const temporalUiLink = (o: Pick<SupportNoticeOptions, 'temporalUiUrl' | 'namespace'>, workflowId: string): string =>
  `${o.temporalUiUrl.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(o.namespace)}/workflows/${encodeURIComponent(workflowId)}`;

export function supportNoticeMail(o: SupportNoticeOptions, r: WaitingForSupport) {
  const link = temporalUiLink(o, r.workflowId);
  const why = r.subState && r.subState !== 'none' ? ` (${r.subState})` : '';
  return {
    to: o.to,
    subject: `Waiting for support: ${r.kind} ${r.status}${why}`,
    text: [
      `A ${r.kind} waits for support: ${r.status}${why}.`,
      '',
      `Run: ${r.workflowId}`,
      `Seller: ${r.sellerId}`,
      `Started: ${r.startedAt.toISOString()}`,
      '',
      `Temporal UI: ${link}`,
      `Seller and contact: npm run support -- seller ${r.sellerId}`,
      `Everything waiting: npm run support -- waiting --kind ${r.kind}`,
      '',
      'Service level: taken up within 30 minutes (docs/support.md).',
    ].join('\n'),
  };
}

/** The visibility query: running, waiting for support, on this deployment's queue. */
export const waitingForSupportQuery = (taskQueue: string): string =>
  `ExecutionStatus="Running" AND ${A.waitingFor.name}="support" AND TaskQueue="${taskQueue.replace(/["\\]/g, '')}"`;

export function createSupportNotices(deps: { client: Client; outbox: MailOutbox; logger: Pick<Logger, 'info' | 'warn'> }, o: SupportNoticeOptions) {
  /** One pass: every run waiting for support that has no notice yet gets one; answers how many were queued. */
  async function sweep(): Promise<number> {
    let queued = 0;
    let read = 0;
    for await (const w of deps.client.workflow.list({ query: waitingForSupportQuery(o.taskQueue) })) {
      if (++read > PER_SWEEP) break;
      const sa = w.typedSearchAttributes;
      const run: WaitingForSupport = {
        workflowId: w.workflowId, kind: sa.get(SA.kind) ?? 'run', sellerId: sa.get(SA.sellerId) ?? '',
        status: sa.get(SA.status) ?? '', subState: sa.get(SA.subState) ?? 'none', startedAt: w.startTime,
      };
      const id = supportNoticeId(run);
      if (await deps.outbox.has(id)) continue;
      await deps.outbox.queue(id, run.sellerId, supportNoticeMail(o, run));
      deps.logger.info({ workflowId: run.workflowId, kind: run.kind, status: run.status, subState: run.subState }, 'support told: a run waits for support');
      queued++;
    }
    return queued;
  }

  return { sweep };
}
