/**
 * Comfort trade in the browser: form values to the domain's submission, the API calls of the form,
 * the batch upload and the sell record. Messages are `Msg`s (code and data) that <Field> and
 * `translateMessage` show in the seller's language, never matched by their words. Validation is the domain's
 * (`validateSubmission`, one rule on both sides); which operations a run allows comes from the
 * run's `sellerActions`, which the domain's transition table derives.
 */
import { BACKUP_CODE_COUNT, COMFORT_MIN_COINS, columnOf, comfortQuote, parseBackupCodes, type ComfortRunRecord, type ComfortRunView, type RunEventView, type LoginMethod, type Platform } from '../../../domain/comfort-trade';
import type { FieldError } from '../../../domain/errors';
import { remainderCoins } from '../../../domain/comfort-remainder';
import type { PriceTable } from '../../../domain/pricing';
import { failureOf, NETWORK, type Msg, type WireError } from './messages';
import { apiUrl, csrfToken, HttpError } from './http';
import { api } from './api';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export const CODE_FIELDS = ['code1', 'code2', 'code3', 'code4', 'code5', 'code6'] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

/** The login fields of the form and of "try again", as the seller types them. */
export type CredentialValues = {
  email: string;
  password: string;
  loginMethod: LoginMethod;
  code1: string; code2: string; code3: string; code4: string; code5: string; code6: string;
  authSecret: string;
};

export const EMPTY_CREDENTIALS: CredentialValues = {
  email: '', password: '', loginMethod: 'backup_codes', code1: '', code2: '', code3: '', code4: '', code5: '', code6: '', authSecret: '',
};

/** The six codes found in a pasted text, or null when any of the six is not 8 digits. */
export function pasteCodes(text: string): string[] | null {
  const codes = parseBackupCodes(text);
  return codes.length === BACKUP_CODE_COUNT && codes.every((c) => /^\d{8}$/.test(c)) ? codes : null;
}

/** The credential part of a submission (only the chosen second factor is sent). */
export function credentialsOf(v: CredentialValues) {
  return v.loginMethod === 'auth_secret'
    ? { loginMethod: v.loginMethod, authSecret: v.authSecret }
    : { loginMethod: v.loginMethod, backupCodes: CODE_FIELDS.map((k) => v[k]) };
}

/** Schema field names (`backupCodes.2`) to the form's (`code3`); the domain's own column mapping. */
export const formFieldOf = (field: string): string => columnOf(field);

/** Field errors of the domain's answer (coded) as the form's error map. */
export function errorsByField(errors: readonly FieldError[]): Record<string, Msg> {
  const out: Record<string, Msg> = {};
  for (const e of errors) out[formFieldOf(e.field)] ??= { code: e.code, text: e.message, data: e.data };
  return out;
}

/** Server field names onto the form's: `backupCodes.0` is `code1`. */
export const CREDENTIAL_ALIASES: Record<string, CodeField> = Object.fromEntries(CODE_FIELDS.map((k, i) => [`backupCodes.${i}`, k]));

/** The label of a file column in the current language. */
export function batchFieldLabel(t: Translate, field: string): string {
  const code = /^code(\d)$/.exec(field);
  if (code) return t('comfort.code', { n: code[1] });
  const key = ({ platform: 'platform', coinAmount: 'coins', transferTime: 'transferTime', email: 'email', password: 'password', authSecret: 'secret' } as Record<string, string>)[field];
  return key ? t(`comfort.${key}`) : field;
}

/** What the form needs from the operator: the price table (euro cents per 100K coins by platform). */
export interface ComfortConfig {
  prices: PriceTable;
}

/** The operator's price table (the comfort API's configuration). */
export async function loadComfortConfig(): Promise<ComfortConfig> {
  const c = await api<{ prices: PriceTable }>('/api/comfort-trade/config');
  return { prices: c.prices };
}

/** The unit price and estimated income of what the seller typed, or null while it is not a whole amount. */
export function estimateOf(config: ComfortConfig, platform: string, coinsText: string): { coins: number; unitPriceCents: number; incomeCents: number } | null {
  const text = coinsText.replace(/[\s,_.]/g, '');
  if (!/^\d{1,15}$/.test(text) || !(platform in config.prices)) return null;
  const coins = Number(text);
  if (!Number.isSafeInteger(coins)) return null;
  return { coins, ...comfortQuote(config.prices, platform as Platform, coins) };
}

const BASE = '/api/comfort-trade';

/** Submits one account: a new run (Transferring). */
export async function submitRun(body: Record<string, unknown>): Promise<{ run: ComfortRunView }> {
  return api(`${BASE}/runs`, { method: 'POST', body });
}

/** Where the templates are downloaded from. */
export const BATCH_TEMPLATES = { csv: `${BASE}/template.csv`, xlsx: `${BASE}/template.xlsx` } as const;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The content type the API reads a file by: from its name, since browsers often leave `type` empty. */
const fileType = (file: File): string =>
  /\.xlsx$/i.test(file.name) ? XLSX_TYPE : /\.csv$/i.test(file.name) ? 'text/csv' : file.type || 'application/octet-stream';

/** One bad cell of an uploaded file, by its line in the file (the header is line 1). */
export interface BatchProblem {
  line: number;
  field: string;
  message: Msg;
}

export type BatchAnswer =
  | { kind: 'created'; runs: ComfortRunView[] }
  | { kind: 'problems'; problems: BatchProblem[] }
  | { kind: 'refused'; message: Msg };

/** What the API answered to an upload: the runs, every bad cell by line, or the refusal of the whole file. */
export function batchAnswerOf(status: number, body: unknown): BatchAnswer {
  const runs = (body as { runs?: ComfortRunView[] } | null)?.runs;
  if (status >= 200 && status < 300 && runs) return { kind: 'created', runs };
  const problems: BatchProblem[] = [];
  for (const f of (body as { error?: WireError } | null)?.error?.fields ?? []) {
    // The API names a bad cell `rows.<line>.<column>` and gives the line in the message's data too.
    const column = /^rows\.\d+\.(.+)$/.exec(f.field)?.[1];
    const line = f.data?.line;
    if (column && typeof line === 'number') problems.push({ line, field: column, message: { code: f.code, text: f.message, data: f.data } });
  }
  if (problems.length) return { kind: 'problems', problems };
  return { kind: 'refused', message: failureOf(new HttpError(status, body, `HTTP ${status}`)).message };
}

/** Uploads a file (as the raw body): all its runs are created, or nothing is and every bad row comes back. */
export async function uploadBatch(file: File, requestId: string): Promise<BatchAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': fileType(file) };
  const csrf = csrfToken();
  if (csrf) headers['X-CSRF-Token'] = csrf;
  let res: Response;
  try {
    res = await fetch(apiUrl(`${BASE}/batches`, { requestId }), { method: 'POST', headers, body: file, credentials: 'same-origin' });
  } catch {
    return { kind: 'refused', message: NETWORK };
  }
  return batchAnswerOf(res.status, await res.json().catch(() => null));
}

/** One page of the seller's comfort runs, newest first, optionally of one status (or Settled), each marked Settled or not. */
export async function listRuns(query: { status: string; page: number; size: number }): Promise<{ items: ComfortRunRecord[]; total: number }> {
  return api(`${BASE}/runs`, { query: { ...query, status: query.status === 'all' ? '' : query.status } });
}

/** One of the seller's runs. */
export async function readRun(runId: string): Promise<ComfortRunRecord> {
  return (await api<{ run: ComfortRunRecord }>(`${BASE}/runs/${encodeURIComponent(runId)}`)).run;
}

/** Sends new login details to a run that waits for them. */
export async function resubmitRun(runId: string, body: Record<string, unknown>): Promise<{ run: ComfortRunView }> {
  return api(`${BASE}/runs/${encodeURIComponent(runId)}/resubmit`, { method: 'POST', body });
}

/** The run's changes, oldest first. */
export async function runEvents(runId: string): Promise<RunEventView[]> {
  return (await api<{ events: RunEventView[] }>(`${BASE}/runs/${encodeURIComponent(runId)}/events`)).events;
}

/**
 * The record a seller downloads: one row per change with the time in their time zone (named in the
 * time column's heading), the status in
 * their language and the transfer's progress; no internal ids or notes. A byte-order mark lets
 * spreadsheet programs read it as UTF-8 (Arabic, Persian, Chinese).
 */
export function recordCsv(t: Translate, date: (at: number) => string, events: readonly RunEventView[], remainder?: string | null, zone?: string): string {
  const cell = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;
  // The time column names its zone: a file outlives the screen it was saved from.
  const time = zone ? t('comfort.zone.column', { column: t('comfort.record.col.time'), zone }) : t('comfort.record.col.time');
  const head = [time, t('comfort.record.col.status'), t('comfort.record.col.transferred'), t('comfort.record.col.progress')];
  const rows = events.map((e) => [date(e.at), statusLabel(t, e.status, e.subState), e.coinsTransferred, `${e.successCount} / ${e.totalCount}`]);
  // What happens to coins left in the account, said under the changes (the record is for people).
  const tail = remainder ? [[remainder]] : [];
  return '\uFEFF' + [head, ...rows, ...tail].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** What happens to the coins a completed run left in the game account, in the seller's words; null when none are left. */
export function remainderText(t: Translate, run: Pick<ComfortRunView, 'status' | 'coinAmount' | 'coinsTransferred' | 'completedAt'>, coinsText: (n: number) => string): string | null {
  const left = remainderCoins(run);
  return left > 0 ? t('comfort.record.remainder', { coins: left, minimum: coinsText(COMFORT_MIN_COINS) }) : null;
}

/** Saves text the page made as a file. */
export function saveText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A fresh idempotency key: a double click or a retried request creates one run, not two. */
export const newRequestId = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** The live event of a run that moved (`comfort-run:<id>` is its subject), named by the run's contract. */
export { COMFORT_RUN_UPDATED } from '../../../domain/comfort-trade';

/** The name a record shows: the error sub-state's when it has one, else the status's. */
export function statusLabel(t: Translate, status: string, subState = 'none'): string {
  return (subState !== 'none' && t(`comfort.subStates.${subState}.name`)) || t(`comfort.statuses.${status}.name`) || status;
}

/** The guidance a record shows: the sub-state's when it has one (as the domain's `guidanceOf`), else the status's. */
export function guidanceText(t: Translate, run: Pick<ComfortRunView, 'status' | 'subState' | 'guidance'>): string {
  return (run.subState !== 'none' && t(`comfort.subStates.${run.subState}.text`)) || t(`comfort.statuses.${run.status}.text`) || run.guidance;
}
