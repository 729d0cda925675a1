/**
 * Issue 32, finding 4: a mail about a seller's action names the game account, and the batch file's
 * line when the run came from a file, so a seller with many runs knows which one stopped. Real API,
 * Temporal worker, provider simulator and SMTP server (the suite's catcher).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_COLUMNS, type ComfortRunView } from '../../domain/comfort-trade.js';
import { FAST_COMFORT, freshCodes, gameEmail, runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { settledMails, waitForMail } from '../support/mail.js';
import { startNotifyingWorld, type NotifyingWorld } from '../support/notifying-world.js';
import { createProvenSeller } from '../support/proven.js';
import type { SignedInSeller } from '../support/sellers.js';
import { savePayoutSettings } from '../support/withdrawals.js';

/** Ten minutes to fix: the reminder (its last minute) stays out of the mails counted here. */
const TIMINGS = { ...FAST_COMFORT, sellerFixMs: 600_000 };
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const actionMailsFor = (account: string) => new RegExp(`^Action needed: .+ \\(${escaped(account)}\\)$`);

describe('a mail about a seller\'s action names the game account', () => {
  let world: NotifyingWorld;
  let seller: SignedInSeller;

  beforeAll(async () => {
    world = await startNotifyingWorld('mail-account', TIMINGS, { reminderBeforeMs: 60_000 });
    seller = await createProvenSeller(world.app);
    await savePayoutSettings(seller);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('a single sale: the subject and the text name the account, no batch line', async () => {
    const sent = submission({ coinAmount: 100_000 });
    await steerTransfer(world.sim.url, 'rules', { email: sent.email, error: 'wrong_backup_codes', afterChunks: 0, times: 1 });
    const run = await submit(seller, sent);
    await runWhere(seller, run.runId, (r) => r.subState === 'wrong_backup_codes', 'Wrong Backup Codes');

    // The record is written before the change is told: wait for the mail itself, then count once all are sent.
    await waitForMail(seller.email, actionMailsFor(run.originEmail));
    const mails = await settledMails(world.app.db.db!, seller.sellerId, seller.email, actionMailsFor(run.originEmail));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Game account: ${run.originEmail}`);
    expect(mails[0]!.text).not.toContain('batch file');
    expect(mails[0]!.html).toContain(`Game account: ${run.originEmail}`);
  });

  it('a batch file: the mail of the row that stopped names its account and its line', async () => {
    // Line 1 is the header, a note line counts too: the stopped account is on line 4.
    const rows = [gameEmail('batch-a'), gameEmail('batch-b')];
    const csv = [
      BATCH_COLUMNS.join(','),
      ['ps', '100000', '24h', rows[0], 'Pw-12345', ...freshCodes(), ''].join(','),
      '# the second account is my spare one',
      ['ps', '100000', '24h', rows[1], 'Pw-12345', ...freshCodes(), ''].join(','),
    ].join('\n');
    await steerTransfer(world.sim.url, 'rules', { email: rows[1], error: 'wrong_backup_codes', afterChunks: 0, times: 1 });
    const res = await seller.fetch('/api/comfort-trade/batches', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    expect(res.status).toBe(201);
    const { runs } = (await res.json()) as { runs: ComfortRunView[] };
    const stopped = runs.find((r) => r.originEmail === rows[1])!;
    await runWhere(seller, stopped.runId, (r) => r.subState === 'wrong_backup_codes', 'the batch row on Wrong Backup Codes');

    await waitForMail(seller.email, actionMailsFor(stopped.originEmail));
    const mails = await settledMails(world.app.db.db!, seller.sellerId, seller.email, actionMailsFor(stopped.originEmail));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Game account: ${stopped.originEmail} (line 4 of your batch file)`);
    // The other row did not stop: no action mail names it.
    expect(await settledMails(world.app.db.db!, seller.sellerId, seller.email, actionMailsFor(rows[0]!))).toHaveLength(0);
  });
});
