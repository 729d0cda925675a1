/**
 * The names of the seller feed's event types, apart from their payloads (domain/seller-events) so
 * that domain/messages can list them without importing the process modules the payloads come from.
 */
export const SELLER_EVENT_TYPES = ['comfort-run:updated', 'withdrawal:updated', 'purchase:updated'] as const;
export type SellerEventType = (typeof SELLER_EVENT_TYPES)[number];
