/**
 * "Is it really you?" in the browser (docs/security.md, items 24 and 25): changing where payouts go
 * (the Payoneer binding) and actions that show a new secret (API key rotation, webhook registration
 * and secret rotation) need the current password, or for a seller without one a code we email.
 */
import { t } from '../i18n';
import { promptBox, toast } from '../state/feedback';
import { session } from '../state/session';
import { HttpError, requestJson } from './http';
import { failureOf, translateMessage } from './messages';

/** What the API takes as proof. */
export type IdentityProof = { currentPassword: string } | { code: string };

/** Shows the API's refusal of a proof (wrong password, wrong code) in the seller's language. */
export function showProofRefusal(err: unknown): void {
  const failure = failureOf(err);
  toast(translateMessage(t, Object.values(failure.fields)[0] ?? failure.message), 'error');
}

/**
 * Asks for the password, or mails a code (`codePath`) and asks for it; null when the seller gave
 * up or the code could not be sent (shown). `why` is the prompt's dictionary key prefix.
 */
export async function askIdentity(codePath: string, why: 'account.reauth' | 'withdraw.payoneer.confirm'): Promise<IdentityProof | null> {
  const hasPassword = session.seller?.hasPassword ?? true;
  if (!hasPassword) {
    try {
      await requestJson(codePath, { method: 'POST', body: {} });
    } catch (err) {
      showProofRefusal(err);
      return null;
    }
  }
  const answer = await promptBox(t(`${why}.${hasPassword ? 'passwordPrompt' : 'codePrompt'}`), {
    title: t(`${why}.title`),
    inputLabel: t(hasPassword ? 'account.reauth.password' : 'account.reauth.code'),
    inputType: hasPassword ? 'password' : 'text',
    autoComplete: hasPassword ? 'current-password' : 'one-time-code',
    okText: t('account.reauth.confirm'),
    required: true,
  });
  if (answer.action !== 'ok') return null;
  return hasPassword ? { currentPassword: answer.value } : { code: answer.value.trim() };
}

const needsReauth = (err: unknown) =>
  err instanceof HttpError && err.status === 403 && (err.body as { error?: { code?: string } } | null)?.error?.code === 'reauth_required';

/** Confirms it is the seller for the next minutes of this session; false when they gave up or it was refused (shown). */
async function reauthenticate(): Promise<boolean> {
  const proof = await askIdentity('/api/member/reauth/code', 'account.reauth');
  if (!proof) return false;
  try {
    await requestJson('/api/member/reauth', { method: 'POST', body: proof });
    return true;
  } catch (err) {
    showProofRefusal(err);
    return false;
  }
}

/** Runs `action`; if the API wants a fresh confirmation, asks for it and runs it once more. Null when the seller gave up. */
export async function withFreshAuth<T>(action: () => Promise<T>): Promise<T | null> {
  try {
    return await action();
  } catch (err) {
    if (!needsReauth(err)) throw err;
  }
  return (await reauthenticate()) ? action() : null;
}
