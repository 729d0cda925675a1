/**
 * The seller's settings, saved by section: contact details alone (no proof of the address, no
 * password: how support reaches the seller), payout details (proven address; the current password
 * or an emailed code when method or address change), or both at once as before. Saving payout
 * details resumes the seller's runs waiting in Payment Error.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Client } from '@temporalio/client';
import type { Db } from 'mongodb';
import { ContactSettingsInput, PayoutSettingsInput, SettingsInput, type SellerSettings } from '../../domain/account-schemas.js';
import { PAYOUT_CODE_SENT, SETTINGS_SAVED } from '../../domain/messages.js';
import type { SellerDoc } from '../../infra/accounts/models.js';
import { PayoneerBindings, type PayoneerBindingDoc } from '../../infra/payout/payoneer-bindings.js';
import { parseBody } from '../errors.js';
import { sha256 } from '../auth/tokens.js';
import { requireSeller, signedInAccount, unauthenticated } from '../auth/require-seller.js';
import { requireProven } from '../auth/email-proof.js';
import { maskAddress } from '../auth/mails.js';
import type { TellAccount } from '../../infra/notifications/account-notices.js';
import { confirmIdentity, PAYOUT_CHANGE, sendConfirmCode } from '../auth/confirm-identity.js';
import { resumePaymentErrors } from '../comfort-trade/payment-resume.js';
import { publicSeller } from './accounts.js';
import { checkDisplayPreferences, DisplayPreferencesInput } from '../../domain/display-preferences.js';

/** The settings page's data; Payoneer is bound only by the consent flow (`payoneer_bindings`), whatever method is chosen. */
const settingsView = (s: SellerDoc, binding: PayoneerBindingDoc | null) => ({
  ...publicSeller(s),
  settings: s.settings ?? null,
  payoneer: { bound: !!binding, account: binding?.email ?? null },
});

export const settingsRoutes: FastifyPluginAsync<{ db: Db; temporal: Client; tell: TellAccount; currencyList: readonly string[] }> = async (app, opts) => {
  const bindings = PayoneerBindings.of(opts.db);
  const view = async (s: SellerDoc) => settingsView(s, await bindings.get(s._id));
  const a = app.accounts;
  const Seller = a.models.Seller;

  /**
   * Writes the given fields of the settings and leaves the others as they are (the other section may
   * be saved at the same moment). A payout write also requires the proven address, so an address
   * proof taken back meanwhile (it never is) cannot slip through.
   */
  const write = async (before: SellerDoc, fields: Partial<SellerSettings>, proven: boolean, top: Partial<Pick<SellerDoc, 'payoutRevision'>> = {}): Promise<SellerDoc> => {
    const guard = { _id: before._id, ...(proven ? { emailVerifiedAt: { $ne: null } } : {}) };
    // A path inside a null sub-document cannot be set: the first save writes the whole document.
    const first = await Seller.findOneAndUpdate({ ...guard, settings: null }, { $set: { settings: fields, ...top } }, { returnDocument: 'after' }).lean();
    if (first) return first;
    const set = Object.fromEntries(Object.entries(fields).map(([k, v]) => [`settings.${k}`, v]));
    const seller = await Seller.findOneAndUpdate({ ...guard, settings: { $ne: null } }, { $set: { ...set, ...top } }, { returnDocument: 'after' }).lean();
    if (!seller) throw unauthenticated();
    return seller;
  };

  /** The payout section: proof of the address, the password or code for a new destination, a notice, then the waiting runs resume. */
  const savePayout = async (before: SellerDoc, proof: { currentPassword?: unknown; code?: unknown }, payout: PayoutSettingsInput, contact?: Partial<SellerSettings>) => {
    // Payout address, Payoneer binding and true name only on an address its owner has proven.
    requireProven(before);
    const payoutChanges = before.settings?.paymentMethod !== payout.paymentMethod || before.settings?.paymentAddress !== payout.paymentAddress;
    if (payoutChanges) await confirmIdentity(a, before, proof, PAYOUT_CHANGE);
    // Each change of destination is one revision; the notice is keyed by the revision it starts from
    // and what it changes to, so the same save made twice at once (a retry on another replica) tells once.
    const revision = before.payoutRevision ?? 0;
    const seller = await write(before, { ...contact, ...payout }, true, payoutChanges ? { payoutRevision: revision + 1 } : {});
    if (payoutChanges) {
      const change = sha256(`${payout.paymentMethod}\n${payout.paymentAddress}`).slice(0, 16);
      await opts.tell(seller._id, 'payout_changed', `${seller._id}:r${revision}:${change}`, { method: payout.paymentMethod, address: maskAddress(payout.paymentAddress) });
    }
    // Every save of valid details, changed or not: saving again after an outage resends.
    const paymentRetried = await resumePaymentErrors(opts, seller._id);
    return { ...(await view(seller)), message: SETTINGS_SAVED, paymentRetried };
  };

  app.get('/api/member/settings', { preHandler: requireSeller }, async (req) => view(await signedInAccount(req)));

  /** How support reaches the seller: no proof of the address and no password needed (nothing of value moves). */
  app.put('/api/member/settings/contact', { preHandler: requireSeller }, async (req) => {
    const input = parseBody(ContactSettingsInput, req.body);
    const seller = await write(await signedInAccount(req), input, false);
    return { ...(await view(seller)), message: SETTINGS_SAVED };
  });

  /**
   * Where payouts go. Changing the method or address (the first time included) needs the current
   * password, or for a seller without one an emailed code: a stolen session alone cannot redirect
   * the money. The seller is told (in-app and by mail) whenever it changes.
   */
  app.put('/api/member/settings/payout', { preHandler: requireSeller }, async (req) => {
    const { currentPassword, code, ...rest } = (req.body ?? {}) as Record<string, unknown>;
    const input = parseBody(PayoutSettingsInput, rest);
    return savePayout(await signedInAccount(req), { currentPassword, code }, input);
  });

  /** Both sections at once, with the payout section's rules (the API before sections; kept for clients). */
  app.put('/api/member/settings', { preHandler: requireSeller }, async (req) => {
    const { currentPassword, code, ...rest } = (req.body ?? {}) as Record<string, unknown>;
    const { contactMethod, contactValue, ...payout } = parseBody(SettingsInput, rest);
    return savePayout(await signedInAccount(req), { currentPassword, code }, payout, { contactMethod, contactValue });
  });

  /**
   * How times and amounts read (time zone, display currency): nothing of value moves, so no proof or
   * password. Both fields are checked before anything is written: a bad one changes neither.
   */
  app.put('/api/member/settings/display', { preHandler: requireSeller }, async (req) => {
    const input = checkDisplayPreferences(parseBody(DisplayPreferencesInput, req.body), opts.currencyList);
    const seller = await Seller.findOneAndUpdate({ _id: (await signedInAccount(req))._id }, { $set: input }, { returnDocument: 'after' }).lean();
    if (!seller) throw unauthenticated();
    return { ...(await view(seller)), message: SETTINGS_SAVED };
  });

  /** Emails a code that confirms a payout change, for a seller who has no password (Google only). */
  app.post('/api/member/settings/code', { preHandler: requireSeller }, async (req) => {
    const resendAfterSeconds = await sendConfirmCode(a, await signedInAccount(req), PAYOUT_CHANGE);
    return { message: PAYOUT_CODE_SENT, resendAfterSeconds };
  });
};
