/**
 * A seller's open redeliveries, counted in slots shared by every replica: taken when the API starts
 * one, given back by the worker when it ends. A slot outlives the redelivery's one-hour horizon by
 * a margin, so one whose workflow was ended from outside frees itself.
 */
import { MAX_OPEN_REDELIVERIES, REDELIVERY_HORIZON_MS } from '../../domain/webhooks.js';
import type { Slots } from '../slots.js';

const SLOT_TTL_MS = REDELIVERY_HORIZON_MS + 15 * 60_000;
const group = (sellerId: string) => `redelivery:${sellerId}`;
const holder = (deliveryId: string, request: string) => `${deliveryId}:${request}`;

export function redeliverySlots(slots: Slots) {
  return {
    /** A slot for this redelivery, or null when the seller already has the most open. */
    claim: (sellerId: string, deliveryId: string, request: string) => slots.claim(group(sellerId), MAX_OPEN_REDELIVERIES, holder(deliveryId, request), SLOT_TTL_MS),
    release: (sellerId: string, deliveryId: string, request: string) => slots.releaseHolder(group(sellerId), MAX_OPEN_REDELIVERIES, holder(deliveryId, request)),
  };
}
