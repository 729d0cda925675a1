/**
 * A test-only workflow: one money movement the wallet must refuse, under the app's store retry
 * policy. It shows that a business refusal inside an activity fails the workflow step at once.
 */
import { proxyActivities } from '@temporalio/workflow';
import { STORE_ACTIVITIES } from '../../../workflows/policies.js';
import type { WalletActivities } from '../../../workers/activities/wallet.js';

const { releaseFrozen } = proxyActivities<WalletActivities>(STORE_ACTIVITIES);

export async function releaseWithoutFrozenIncome(q: { sellerId: string; opId: string; cents: number }): Promise<string> {
  await releaseFrozen({ ...q, purchaseId: 'none' });
  return 'released';
}
