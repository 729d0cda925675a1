import { useSnapshot } from 'valtio';
import { useT } from '../i18n';
import { session } from '../state/session';
import { LangLink } from './LangLink';

interface Props {
  /** Route id: the title comes from `titles.<id>`. */
  id: string;
  /** Sell and member pages tell visitors (not signed-in sellers) to sign in. */
  needsSignIn?: boolean;
}

/** A page whose feature a later issue builds: its title and a short note, in every language. */
export function Placeholder({ id, needsSignIn }: Props) {
  const { t } = useT();
  const { seller } = useSnapshot(session);
  return (
    <div className="container page-body">
      <h1>{t(`titles.${id}`)}</h1>
      <p className="lead">{t('placeholder.body')}</p>
      {needsSignIn && !seller ? (
        <p className="notice">
          <LangLink to="/signin">{t('placeholder.visitor')}</LangLink>
        </p>
      ) : null}
    </div>
  );
}
