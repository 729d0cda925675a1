import { useT } from '../i18n';

interface Section {
  h: string;
  p: string;
}

/** A legal text (terms or privacy) in the current language: intro, then numbered sections. */
export function LegalText({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t, tValue } = useT();
  return (
    <article className="container page-body prose">
      <h1>{t(`titles.${doc}`)}</h1>
      <p className="lead">{t(`${doc}.intro`)}</p>
      {tValue<Section[]>(`${doc}.sections`).map((s, i) => (
        <section key={i} aria-labelledby={`${doc}-${i}`}>
          <h2 id={`${doc}-${i}`}>
            {i + 1}. {s.h}
          </h2>
          <p>{s.p}</p>
        </section>
      ))}
    </article>
  );
}
