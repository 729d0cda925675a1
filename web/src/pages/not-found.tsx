import { useT } from '../i18n';
import { LangLink } from '../components/LangLink';

/** Any address outside the route table. */
export default function NotFound() {
  const { t } = useT();
  return (
    <div className="container page-body">
      <h1>{t('titles.notFound')}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <p>
        <LangLink to="/" className="btn btn-primary">
          {t('notFound.back')}
        </LangLink>
      </p>
    </div>
  );
}
