import { useCallback, useEffect, useState } from 'react';
import { checkKeyName, KEY_NAME_HIDDEN, KEY_NAME_REQUIRED, KEY_NAME_TOO_LONG, type ApiKeyView, type IssuedApiKey } from '../../../domain/api-keys';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { HttpError, requestJson } from '../lib/http';
import { failureOf } from '../lib/messages';
import { confirmBox, promptBox, toast } from '../state/feedback';
import { sessionEnded } from '../state/session';
import { CopyButton } from './CopyButton';
import { withFreshAuth } from '../lib/confirm-identity';

const NAME_CODES: Record<string, string> = { [KEY_NAME_REQUIRED]: 'nameRequired', [KEY_NAME_TOO_LONG]: 'nameTooLong', [KEY_NAME_HIDDEN]: 'nameHidden' };

/** Settings: the seller's API keys (issued by support): see, rename, rotate (new secret shown once), revoke. */
export function ApiKeysCard() {
  const { t } = useT();
  const f = useFormat();
  const [state, setState] = useState<{ enabled: boolean; keys: ApiKeyView[] } | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  // Stable (it keeps the message's key, translated when shown), so the first load runs once.
  const load = useCallback(() =>
    requestJson<{ enabled: boolean; keys: ApiKeyView[] }>('/api/member/api-keys').then(setState, (err) => {
      if (failureOf(err).status === 401) sessionEnded();
      else setErrorKey('account.msg.network');
    }), []);
  useEffect(() => void load(), [load]);

  /** An API refusal in the seller's language, by its code. */
  const fail = (err: unknown) => {
    const code = err instanceof HttpError ? (err.body as { error?: { code?: string } } | null)?.error?.code : undefined;
    if (failureOf(err).status === 401) return sessionEnded();
    toast((code && t(`apikeys.codes.${code}`)) || t('account.msg.network'), 'error');
  };
  const rename = async (k: ApiKeyView) => {
    const answer = await promptBox(t('apikeys.renamePrompt'), {
      initialValue: k.name, okText: t('apikeys.save'), required: true,
      validator: (v) => { const c = checkKeyName(v); return c.ok ? true : t(`apikeys.codes.${NAME_CODES[c.error.message] ?? 'nameRequired'}`); },
    });
    if (answer.action !== 'ok') return;
    await requestJson('/api/member/api-keys/' + k.keyId, { method: 'PATCH', body: { name: answer.value } }).then(() => toast(t('apikeys.renamed'), 'success'), fail);
    await load();
  };
  const rotate = async (k: ApiKeyView) => {
    if ((await confirmBox(t('apikeys.rotateConfirm', { name: k.name }), { okText: t('apikeys.rotate') })).action !== 'ok') return;
    await withFreshAuth(() => requestJson<IssuedApiKey>(`/api/member/api-keys/${k.keyId}/rotate`, { method: 'POST', body: { seenRotatedAt: k.rotatedAt } }))
      .then((r) => r && setSecret({ name: r.key.name, secret: r.secret }), fail);
    await load();
  };
  const revoke = async (k: ApiKeyView) => {
    if ((await confirmBox(t('apikeys.revokeConfirm', { name: k.name }), { okText: t('apikeys.revoke') })).action !== 'ok') return;
    await requestJson(`/api/member/api-keys/${k.keyId}/revoke`, { method: 'POST', body: {} }).then(() => toast(t('apikeys.revokedDone'), 'success'), fail);
    await load();
  };

  return (
    <section className="card settings-card api-keys" aria-labelledby="info-api-keys" data-testid="api-keys">
      <h2 id="info-api-keys">{t('apikeys.title')}</h2>
      {!state ? (
        errorKey ? <p role="alert">{t(errorKey)}</p> : <p className="muted">{t('loading')}</p>
      ) : !state.enabled ? (
        <p data-testid="api-keys-off">{t('apikeys.off')}</p>
      ) : (
        <>
          <p className="muted">{t('apikeys.intro')} <a href="/api/v1/docs">{t('apikeys.docs')}</a></p>
          {secret ? (
            <div className="api-key-secret" role="status" data-testid="api-key-secret">
              <p><strong>{t('apikeys.secretTitle', { name: secret.name })}</strong></p>
              <p>{t('apikeys.secretOnce')}</p>
              <code dir="ltr">{secret.secret}</code>
              <div className="api-key-actions">
                <CopyButton text={secret.secret} label={secret.name} />
                <button type="button" className="btn btn-small btn-primary" onClick={() => setSecret(null)}>{t('apikeys.done')}</button>
              </div>
            </div>
          ) : null}
          {state.keys.length === 0 ? <p>{t('apikeys.none')}</p> : (
            <ul className="api-key-list">
              {state.keys.map((k) => (
                <li key={k.keyId} data-testid="api-key" data-key-id={k.keyId}>
                  <p className="api-key-name"><strong>{k.name}</strong> {k.revokedAt ? <span className="badge">{t('apikeys.revoked')}</span> : null}</p>
                  <dl className="info-list">
                    <div><dt>{t('apikeys.key')}</dt><dd><code dir="ltr">{k.prefix}_…</code></dd></div>
                    <div><dt>{t('apikeys.scopes')}</dt><dd>{k.scopes.map((s) => t(`apikeys.scope.${s}`)).join(', ')}</dd></div>
                    <div><dt>{t('apikeys.created')}</dt><dd dir="ltr">{f.date(k.createdAt)}</dd></div>
                    <div><dt>{t('apikeys.lastUsed')}</dt><dd dir="ltr">{k.lastUsedAt ? f.date(k.lastUsedAt) : t('apikeys.never')}</dd></div>
                  </dl>
                  {k.revokedAt ? null : (
                    <div className="api-key-actions">
                      <button type="button" className="btn btn-small btn-ghost" onClick={() => void rename(k)} aria-label={`${t('apikeys.rename')}: ${k.name}`}>{t('apikeys.rename')}</button>
                      <button type="button" className="btn btn-small btn-ghost" onClick={() => void rotate(k)} aria-label={`${t('apikeys.rotate')}: ${k.name}`}>{t('apikeys.rotate')}</button>
                      <button type="button" className="btn btn-small btn-ghost" onClick={() => void revoke(k)} aria-label={`${t('apikeys.revoke')}: ${k.name}`}>{t('apikeys.revoke')}</button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
