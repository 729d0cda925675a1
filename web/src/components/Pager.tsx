import { useT } from '../i18n';

/** Previous / next page buttons with "page N of M"; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useT();
  if (pages <= 1) return null;
  return (
    <nav className="pager">
      <button className="btn btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('player.prev')}</button>
      <span>{t('player.pageOf', { page, pages })}</span>
      <button className="btn btn-ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('player.next')}</button>
    </nav>
  );
}
