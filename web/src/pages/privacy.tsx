import { useT } from '../i18n';

interface Section {
  h: string;
  p: string;
}

/** The privacy text, in the current language. */
export default function LegalPage() {
  const { t, tValue } = useT();
  return (
    <article className="container page-body prose">
      <h1>{t('titles.privacy')}</h1>
      <p className="lead">{t('privacy.intro')}</p>
      {tValue<Section[]>('privacy.sections').map((s, i) => (
        <section key={i} aria-labelledby={`privacy-${i}`}>
          <h2 id={`privacy-${i}`}>
            {i + 1}. {s.h}
          </h2>
          <p>{s.p}</p>
        </section>
      ))}
    </article>
  );
}
