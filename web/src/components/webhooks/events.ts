import type { SellerEventType } from '../../../../domain/seller-events';

/** Where each event type's label lives in the webhooks dictionary. */
export const EVENT_LABEL: Readonly<Record<SellerEventType, string>> = {
  'comfort-run:updated': 'webhooks.event.comfortRun',
  'withdrawal:updated': 'webhooks.event.withdrawal',
  'purchase:updated': 'webhooks.event.purchase',
};
