/**
 * Comfort trade in the browser: form values to the domain's submission, the API calls of the form,
 * the batch upload and the sell record, and messages translated by code. Validation is the domain's
 * (`validateSubmission`, one rule on both sides); which operations a run allows comes from the
 * run's `sellerActions`, which the domain's transition table derives.
 */
import {
  AUTH_SECRET_MESSAGE, BATCH_EMPTY, BATCH_TOO_LARGE, BACKUP_CODE_COUNT, DUPLICATE_ACCOUNT, MIN_COINS_MESSAGE, RESUBMIT_NOT_NEEDED,
  columnOf, comfortQuote, parseBackupCodes, type ComfortRunView, type LoginMethod, type Platform,
} from '../../../domain/comfort-trade';
import { backupCodeMessage } from '../../../domain/messages';
import type { PriceTable } from '../../../domain/pricing';
import type { LiveEventType } from '../../../domain/live-events';
import { translateMessage } from './messages';
import { apiUrl, csrfToken, requestJson } from './http';
import { api } from './player-trade';

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

/** Field errors of the domain's answer as the form's error map. */
export function errorsByField(errors: readonly { field: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[formFieldOf(e.field)] ??= e.message;
  return out;
}

/** Server field names onto the form's: `backupCodes.0` is `code1`. */
export const CREDENTIAL_ALIASES: Record<string, CodeField> = Object.fromEntries(CODE_FIELDS.map((k, i) => [`backupCodes.${i}`, k]));

// The domain's own sentences (where the specification has none), by the constant that says them.
const COMFORT_MESSAGES: readonly [string, string][] = [
  [MIN_COINS_MESSAGE, 'minCoins'],
  [AUTH_SECRET_MESSAGE, 'authSecret'],
  [BATCH_TOO_LARGE, 'batchTooLarge'],
  [BATCH_EMPTY, 'batchEmpty'],
  [DUPLICATE_ACCOUNT, 'duplicate'],
  [RESUBMIT_NOT_NEEDED, 'resubmitNotNeeded'],
];

/**
 * A field's English message (from the shared schema or the API) in the current language. The
 * backup-code message is recognised by the field it belongs to and the domain's own wording of it.
 */
export function fieldMessage(t: Translate, field: string, english: string | undefined, translate = false): string | undefined {
  if (!english) return english;
  const code = /^(?:code|backupCodes\.)(\d)$/.exec(field);
  if (code) {
    const n = field.startsWith('code') ? Number(code[1]) : Number(code[1]) + 1;
    if (english === backupCodeMessage(n)) return t('comfort.codeWrong', { n });
  }
  const own = COMFORT_MESSAGES.find(([text]) => text === english);
  if (own) return t(`comfort.msg.${own[1]}`) || english;
  // <Field> translates the shared messages itself; lists outside a Field ask for it here.
  return translate ? translateMessage(t, english) : english;
}

/** A refusal of the API in the current language, by its error code (English only when the code is unknown). */
export function reasonText(t: Translate, code: string, english: string): string {
  return t(`comfort.codes.${code}`) || fieldMessage(t, '', english, true) || english;
}

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
  message: string;
}

export type BatchAnswer =
  | { kind: 'created'; runs: ComfortRunView[] }
  | { kind: 'problems'; problems: BatchProblem[] }
  | { kind: 'refused'; code?: string; message: string };

/** Uploads a file (as the raw body): all its runs are created, or nothing is and every bad row comes back. */
export async function uploadBatch(file: File, requestId: string): Promise<BatchAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': fileType(file) };
  const csrf = csrfToken();
  if (csrf) headers['X-CSRF-Token'] = csrf;
  let res: Response;
  try {
    res = await fetch(apiUrl(`${BASE}/batches`, { requestId }), { method: 'POST', headers, body: file, credentials: 'same-origin' });
  } catch (err) {
    return { kind: 'refused', code: 'network', message: String((err as Error)?.message ?? err) };
  }
  const body = (await res.json().catch(() => null)) as { runs?: ComfortRunView[]; error?: { code?: string; message?: string; fields?: { field: string; message: string }[] } } | null;
  if (res.ok && body?.runs) return { kind: 'created', runs: body.runs };
  const problems: BatchProblem[] = [];
  for (const f of body?.error?.fields ?? []) {
    // The API names a bad cell `rows.<line>.<column>`.
    const m = /^rows\.(\d+)\.(.+)$/.exec(f.field);
    if (m) problems.push({ line: Number(m[1]), field: m[2], message: f.message });
  }
  if (problems.length) return { kind: 'problems', problems };
  return { kind: 'refused', code: body?.error?.code ?? String(res.status), message: body?.error?.message ?? `HTTP ${res.status}` };
}

/** One page of the seller's comfort runs, newest first, optionally of one status. */
export async function listRuns(query: { status: string; page: number; size: number }): Promise<{ items: ComfortRunView[]; total: number }> {
  return api(`${BASE}/runs`, { query: { ...query, status: query.status === 'all' ? '' : query.status } });
}

/** Sends new login details to a run that waits for them. */
export async function resubmitRun(runId: string, body: Record<string, unknown>): Promise<{ run: ComfortRunView }> {
  return api(`${BASE}/runs/${encodeURIComponent(runId)}/resubmit`, { method: 'POST', body });
}

/** The address of a run's events as CSV. */
export const runEventsCsv = (runId: string): string => `${BASE}/runs/${encodeURIComponent(runId)}/record.csv`;

/** A fresh idempotency key: a double click or a retried request creates one run, not two. */
export const newRequestId = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Saves an answer of the API (a CSV) as a file. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const res = await fetch(path, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The live event of a run that moved (`comfort-run:<id>` is its subject). */
export const COMFORT_RUN_UPDATED = 'comfort-run:updated' satisfies LiveEventType;

/** The name a record shows: the error sub-state's when it has one, else the status's. */
export function statusLabel(t: Translate, status: string, subState = 'none'): string {
  return (subState !== 'none' && t(`comfort.subStates.${subState}.name`)) || t(`comfort.statuses.${status}.name`) || status;
}

/** The guidance a record shows: the sub-state's when it has one (as the domain's `guidanceOf`), else the status's. */
export function guidanceText(t: Translate, run: Pick<ComfortRunView, 'status' | 'subState' | 'guidance'>): string {
  return (run.subState !== 'none' && t(`comfort.subStates.${run.subState}.text`)) || t(`comfort.statuses.${run.status}.text`) || run.guidance;
}
