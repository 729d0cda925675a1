import { useT } from '../i18n';
import { LangLink } from '../components/LangLink';

/** Withdrawal instructions: the rules and how a withdrawal progresses. */
export default function WithdrawalRules() {
  const { t, tValue } = useT();
  return (
    <div className="container page-body prose">
      <h1>{t('titles.withdrawalRules')}</h1>
      <p className="lead">{t('rules.intro')}</p>
      <ol className="rules">
        {tValue<string[]>('rules.items').map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      <h2>{t('rules.progressTitle')}</h2>
      <ol className="progress-steps">
        {tValue<string[]>('rules.progress').map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        <LangLink to="/faq">{t('titles.faq')}</LangLink>
      </p>
    </div>
  );
}
