/**
 * The operator's buying prices for visitors: the same table the comfort and player forms price with
 * (`GET /api/comfort-trade/config`, from PRICE_TABLE), read through the small first-view HTTP helper
 * so the public pages do not pull in the member API client.
 */
import type { PriceTable } from '../../../domain/pricing';
import { requestJson } from './http';

/** Euro cents per 100K coins by platform, and when the server read them (ISO time). */
export interface PriceQuote {
  prices: PriceTable;
  asOf: string;
}

export const loadPrices = (): Promise<PriceQuote> => requestJson<PriceQuote>('/api/comfort-trade/config');
