import { useSnapshot } from 'valtio';
import { useT } from '../i18n';
import { LangLink } from '../components/LangLink';
import { CopyButton } from '../components/CopyButton';
import { settings, supportChannels } from '../state/settings';

/** Footer: legal links, withdrawal methods and the support channels. */
export function Footer() {
  const { t } = useT();
  const { config } = useSnapshot(settings);
  const channels = supportChannels(config);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('footer.legal')}</h2>
          <ul>
            <li>
              <LangLink to="/terms">{t('footer.terms')}</LangLink>
            </li>
            <li>
              <LangLink to="/privacy">{t('footer.privacy')}</LangLink>
            </li>
            <li>
              <LangLink to="/faq/withdrawal-rules">{t('footer.withdrawal')}</LangLink>
            </li>
            <li>
              <LangLink to="/faq">{t('nav.faq')}</LangLink>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support">{t('footer.support')}</h2>
          <ul className="channel-list">
            {channels.map((c) => (
              <li key={c.id}>
                <span className="channel-name">{t(`channels.${c.id}`)}: </span>
                {c.href ? (
                  <a href={c.href} rel="noopener" dir="ltr">
                    {c.value}
                  </a>
                ) : (
                  <>
                    <span dir="ltr">{c.value}</span> <CopyButton text={c.value} label={t(`channels.${c.id}`)} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="container footer-rights">{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
