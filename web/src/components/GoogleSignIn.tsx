import { useEffect, useId, useState } from 'react';
import { useT } from '../i18n';
import { requestJson } from '../lib/http';
import { authOptions, type SignInAnswer } from '../lib/auth';
import { GoogleCancelled, loadGoogleScript, requestGoogleResult, type GoogleFlow, type GoogleStart } from '../lib/google';
import { failureOf, GENERIC, msg, translateMessage, type Msg } from '../lib/messages';

/** Why Google sign-in failed: an unproven account with this email has its own words here. */
function googleFailure(err: unknown): Msg {
  const failure = failureOf(err);
  if (failure.message.code === 'email_unverified') return msg('GOOGLE_LINK_UNVERIFIED');
  return failure.status === 0 ? GENERIC : failure.message;
}

type State =
  | { phase: 'checking' }
  | { phase: 'unavailable' }
  | { phase: 'loading'; clientId: string }
  | { phase: 'ready'; clientId: string }
  | { phase: 'failed'; clientId: string | null; message: Msg };

interface Props {
  remember: boolean;
  onSignedIn: (answer: SignInAnswer) => void;
  /** Which Google result to ask for; the authorization-code popup by default. */
  flow?: GoogleFlow;
}

/**
 * "Sign in with Google": Google's script is loaded only when the server has a client id. Without
 * one the button says Google sign-in is not available; a script that cannot load says so in the
 * specification's words.
 */
export function GoogleSignIn({ remember, onSignedIn, flow = 'code' }: Props) {
  const { t } = useT();
  const id = useId();
  const [state, setState] = useState<State>({ phase: 'checking' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    authOptions()
      .then(async ({ googleClientId }) => {
        if (!live) return;
        if (!googleClientId) return setState({ phase: 'unavailable' });
        setState({ phase: 'loading', clientId: googleClientId });
        try {
          await loadGoogleScript();
          if (live) setState({ phase: 'ready', clientId: googleClientId });
        } catch {
          if (live) setState({ phase: 'failed', clientId: googleClientId, message: msg('GOOGLE_SCRIPT_FAILED') });
        }
      })
      .catch(() => live && setState({ phase: 'failed', clientId: null, message: GENERIC }));
    return () => {
      live = false;
    };
  }, []);

  const start = async (clientId: string) => {
    setBusy(true);
    try {
      const google = await loadGoogleScript();
      // The server starts the sign-in: its state and nonce tie Google's answer to this browser and this try.
      const begun = await requestJson<GoogleStart>('/api/auth/google/start', { method: 'POST', body: {} });
      const result = await requestGoogleResult(google, clientId, begun, flow);
      onSignedIn(await requestJson<SignInAnswer>('/api/auth/google', { method: 'POST', body: { ...result, remember } }));
    } catch (err) {
      // A closed popup is the seller's choice, not an error worth a message.
      if (!(err instanceof GoogleCancelled)) {
        setState({ phase: 'failed', clientId, message: googleFailure(err) });
      }
    } finally {
      setBusy(false);
    }
  };

  const note =
    state.phase === 'unavailable' ? msg('GOOGLE_UNAVAILABLE') : state.phase === 'failed' ? state.message : null;
  const usable = state.phase === 'ready' || (state.phase === 'failed' && state.message.code !== 'GOOGLE_SCRIPT_FAILED' && state.clientId !== null);
  return (
    <div className="google-signin">
      <button
        type="button"
        className="btn btn-ghost google-button"
        aria-disabled={!usable || busy}
        aria-describedby={`${id}-note`}
        data-state={state.phase}
        onClick={() => {
          if (!usable || busy || !('clientId' in state) || !state.clientId) return;
          setState({ phase: 'ready', clientId: state.clientId });
          void start(state.clientId);
        }}
      >
        <span className="google-mark" aria-hidden="true">
          G
        </span>
        {t('account.signin.google')}
      </button>
      <p id={`${id}-note`} className={note ? 'google-note' : 'google-note is-empty'} role="status" data-testid="google-note">
        {note ? translateMessage(t, note) : ''}
      </p>
    </div>
  );
}
