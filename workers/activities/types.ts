import type { LiveEventType } from '../../domain/live-events.js';

/** A status change of one business process, written to its read model and published live. */
export interface StatusChange {
  /** Business id of the process (e.g. the workflow id). */
  subject: string;
  sellerId: string;
  /** `domain:pastTense` event type, e.g. `countdown:updated`. */
  type: Extract<LiveEventType, 'countdown:updated' | 'probe:sent'>;
  kind: string;
  status: Record<string, unknown> & { state: string };
  /** Orders changes of one subject: a retried or late write of an older version changes nothing. */
  version: number;
}
