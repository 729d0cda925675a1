import { useId, useState } from 'react';
import { useT } from '../../i18n';
import { LangLink } from '../LangLink';
import { BATCH_TEMPLATES, batchFieldLabel, newRequestId, uploadBatch, type BatchAnswer } from '../../lib/comfort';
import { PayoutSetupNotice } from '../PayoutSetup';
import { translateMessage } from '../../lib/messages';

/**
 * Batch upload: templates to download, one file of up to 50 accounts; the API checks the whole file
 * first and every bad row and field is listed by line, nothing being submitted until it is clean.
 */
export function BatchUpload() {
  const { t } = useT();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  // One key per chosen file: sending the same file twice (double click, retry) creates its runs once.
  const [requestId, setRequestId] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<BatchAnswer | { kind: 'noFile' } | null>(null);

  const send = async () => {
    if (!file) {
      setAnswer({ kind: 'noFile' });
      return;
    }
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer(await uploadBatch(file, requestId));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card comfort-batch" aria-labelledby={`${id}-title`} data-testid="batch-upload">
      <h2 id={`${id}-title`}>{t('comfort.batch.title')}</h2>
      <p>{t('comfort.batch.intro')}</p>
      <p className="comfort-templates">
        <span>{t('comfort.batch.templates')}:</span>{' '}
        <a href={BATCH_TEMPLATES.csv} download data-testid="template-csv">{t('comfort.batch.csv')}</a>{' '}
        <a href={BATCH_TEMPLATES.xlsx} download data-testid="template-xlsx">{t('comfort.batch.xlsx')}</a>
      </p>
      <form noValidate onSubmit={(e) => { e.preventDefault(); void send(); }}>
        <div className="field">
          <label htmlFor={`${id}-file`}>{t('comfort.batch.file')}</label>
          <input id={`${id}-file`} type="file" name="file" data-testid="batch-file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => { setFile(e.target.files?.[0] ?? null); setRequestId(newRequestId()); setAnswer(null); }} />
        </div>
        <PayoutSetupNotice />
        <button className="btn btn-accent" type="submit" disabled={busy} data-testid="batch-send">{t('comfort.batch.check')}</button>
      </form>
      <div aria-live="polite">
        {answer?.kind === 'refused' || answer?.kind === 'noFile' ? (
          <p className="comfort-err" role="alert" data-testid="batch-error">
            {answer.kind === 'noFile' ? t('comfort.batch.noFile') : translateMessage(t, answer.message)}
            {answer.kind === 'refused' && answer.message.code === 'not_template' ? (
              <>
                {' '}
                <a href={BATCH_TEMPLATES.csv} download data-testid="error-template-csv">{t('comfort.batch.csv')}</a>{' '}
                <a href={BATCH_TEMPLATES.xlsx} download data-testid="error-template-xlsx">{t('comfort.batch.xlsx')}</a>
              </>
            ) : null}
          </p>
        ) : null}
        {answer?.kind === 'problems' ? (
          <div className="comfort-problems" role="alert" data-testid="batch-problems">
            <p className="comfort-err">{t('comfort.batch.problems')}</p>
            <ul>
              {answer.problems.map((p) => (
                <li key={`${p.line}:${p.field}`} data-line={p.line} data-field={p.field}>
                  <strong>{t('comfort.batch.line', { line: p.line })}</strong> · {batchFieldLabel(t, p.field)}: {translateMessage(t, p.message)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {answer?.kind === 'created' ? (
          <div className="comfort-created" role="status" data-testid="batch-created">
            <p className="comfort-ok">{t('comfort.batch.created', { count: answer.runs.length })}</p>
            <ul>{answer.runs.map((r) => <li key={r.runId} dir="ltr">{r.originEmail}</li>)}</ul>
            <LangLink to="/member/sold-record">{t('comfort.viewRecord')}</LangLink>
          </div>
        ) : null}
      </div>
    </section>
  );
}
