import { proxy, ref } from 'valtio';
import { NOTIFICATION_MS, TOAST_MS } from '../../../domain/timing';

export type FeedbackKind = 'info' | 'success' | 'error';

export interface ToastItem {
  id: number;
  text: string;
  kind: FeedbackKind;
  duration: number;
}

export interface NotificationItem {
  id: number;
  title: string;
  message: string;
  kind: FeedbackKind;
  duration: number;
}

/** Check of a prompt's input: true when fine, else false or the message to show. */
export type PromptCheck = (value: string) => boolean | string;

export interface MessageBoxOptions {
  kind?: 'alert' | 'confirm' | 'prompt';
  /** Defaults to the translated "System prompt". */
  title?: string;
  message: string;
  okText?: string;
  cancelText?: string;
  /** Prompt only: label of the input (defaults to the message). */
  inputLabel?: string;
  initialValue?: string;
  inputType?: 'text' | 'email' | 'number' | 'password';
  /** Prompt only: the browser's autofill hint (current-password, one-time-code). */
  autoComplete?: string;
  /** Confirm only: a checkbox under the message (an extra the seller may choose); its state comes back in `checked`. */
  option?: string;
  /** Prompt only: the value must match. */
  pattern?: RegExp;
  /** Prompt only: custom check, run after the pattern. */
  validator?: PromptCheck;
  /** Shown when the pattern or a validator returning false fails. */
  errorMessage?: string;
  required?: boolean;
}

export type MessageBoxResult = { action: 'ok'; value: string; checked?: boolean } | { action: 'cancel' };

export interface OpenDialog extends MessageBoxOptions {
  id: number;
  resolve: (result: MessageBoxResult) => void;
}

export const feedback = proxy({
  toasts: [] as ToastItem[],
  notifications: [] as NotificationItem[],
  dialogs: [] as OpenDialog[],
});

let nextId = 1;

/** A short message at the top centre; gone after 3000 ms (paused while hovered). */
export function toast(text: string, kind: FeedbackKind = 'info', duration: number = TOAST_MS): number {
  const id = nextId++;
  feedback.toasts.push({ id, text, kind, duration });
  return id;
}

export function dismissToast(id: number): void {
  const i = feedback.toasts.findIndex((x) => x.id === id);
  if (i >= 0) feedback.toasts.splice(i, 1);
}

/** A notification at the top right; gone after 4500 ms. */
export function notify(title: string, message: string, kind: FeedbackKind = 'info', duration: number = NOTIFICATION_MS): number {
  const id = nextId++;
  feedback.notifications.push({ id, title, message, kind, duration });
  return id;
}

export function dismissNotification(id: number): void {
  const i = feedback.notifications.findIndex((x) => x.id === id);
  if (i >= 0) feedback.notifications.splice(i, 1);
}

/**
 * Checks a prompt's value. Returns null when it passes, else the error to show (the dialog then
 * stays open). `fallback` is the translated generic message.
 */
export function checkPromptValue(
  value: string,
  options: Pick<MessageBoxOptions, 'pattern' | 'validator' | 'errorMessage' | 'required'>,
  fallback: { required: string; invalid: string },
): string | null {
  if (options.required && value.trim() === '') return fallback.required;
  if (options.pattern) {
    options.pattern.lastIndex = 0;
    if (!options.pattern.test(value)) return options.errorMessage ?? fallback.invalid;
  }
  if (options.validator) {
    const verdict = options.validator(value);
    if (verdict === false) return options.errorMessage ?? fallback.invalid;
    if (typeof verdict === 'string') return verdict;
  }
  return null;
}

/** Opens a message box; resolves when the seller answers, or with cancel on a hash change. */
export function messageBox(options: MessageBoxOptions): Promise<MessageBoxResult> {
  return new Promise((resolve) => {
    const id = nextId++;
    const close = (result: MessageBoxResult) => {
      const i = feedback.dialogs.findIndex((d) => d.id === id);
      if (i >= 0) feedback.dialogs.splice(i, 1);
      resolve(result);
    };
    feedback.dialogs.push(ref({ kind: 'alert', ...options, id, resolve: close }) as OpenDialog);
  });
}

export const alertBox = (message: string, options: Omit<MessageBoxOptions, 'message' | 'kind'> = {}) =>
  messageBox({ ...options, message, kind: 'alert' });
export const confirmBox = (message: string, options: Omit<MessageBoxOptions, 'message' | 'kind'> = {}) =>
  messageBox({ ...options, message, kind: 'confirm' });
export const promptBox = (message: string, options: Omit<MessageBoxOptions, 'message' | 'kind'> = {}) =>
  messageBox({ ...options, message, kind: 'prompt' });

/** Message boxes close when the address hash changes (the seller navigated within the page). */
export function closeDialogsOnHashChange(): () => void {
  const onHash = () => {
    for (const d of [...feedback.dialogs]) d.resolve({ action: 'cancel' });
  };
  window.addEventListener('hashchange', onHash);
  return () => window.removeEventListener('hashchange', onHash);
}

// The wait indicators (the specification lists the loading overlay with the other feedback).

/** Work the top progress bar and the loading overlay wait for. */
export const progress = proxy({
  /** Lazy pages and dictionaries being downloaded. */
  pending: 0,
  /** Blocking operations that show the full-page loading overlay. */
  blocking: 0,
});

/** Counts `work` in one of `progress`'s counters while it runs. */
function counting(counter: keyof typeof progress) {
  return async <T>(work: Promise<T>): Promise<T> => {
    progress[counter]++;
    try {
      return await work;
    } finally {
      progress[counter]--;
    }
  };
}

/** Shows the progress bar while `work` runs. */
export const track = counting('pending');

/** Counts `work` as blocking while it runs: the loading overlay shows if it lasts over 400 ms (shell/ProgressBar.tsx). */
export const withOverlay = counting('blocking');
