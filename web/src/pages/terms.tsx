import { useT } from '../i18n';

interface Section {
  h: string;
  p: string;
}

/** The terms text, in the current language. */
export default function LegalPage() {
  const { t, tValue } = useT();
  return (
    <article className="container page-body prose">
      <h1>{t('titles.terms')}</h1>
      <p className="lead">{t('terms.intro')}</p>
      {tValue<Section[]>('terms.sections').map((s, i) => (
        <section key={i} aria-labelledby={`terms-${i}`}>
          <h2 id={`terms-${i}`}>
            {i + 1}. {s.h}
          </h2>
          <p>{s.p}</p>
        </section>
      ))}
    </article>
  );
}
