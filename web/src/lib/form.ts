/**
 * Form state for the account pages: values, one message per field (by code, translated when
 * shown), a form-level message, validation with the same superstruct schema as the API, and the
 * server's field errors mapped back onto the fields.
 */
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Struct } from 'superstruct';
import { validate } from '../../../domain/validation';
import { failureOf, NETWORK, type Msg } from './messages';
import { withOverlay } from '../state/feedback';

export type FormValues = Record<string, string | boolean>;

/** A form-level message (translated by its code when shown); `ok` marks a success. */
export interface Notice {
  message: Msg;
  ok: boolean;
}

export interface FormState<V extends FormValues> {
  values: V;
  errors: Partial<Record<keyof V & string, Msg>>;
  /** A message for the whole form (not tied to a field); `ok` marks a success. */
  notice: Notice | null;
  busy: boolean;
  set<K extends keyof V & string>(name: K, value: V[K]): void;
  setValues(next: Partial<V>): void;
  setErrors(errors: Partial<Record<keyof V & string, Msg>>): void;
  setNotice(notice: Notice | null): void;
  /** Validates `input` (defaults to the values) with `struct`; shows the messages and focuses the first bad field. */
  check<T, S>(struct: Struct<T, S>, input?: unknown): T | null;
  /** Runs a request with `busy` set; a failure is shown on its fields (or the form) and returns null. */
  submit<R>(work: () => Promise<R>, fieldAliases?: Record<string, keyof V & string>): Promise<R | null>;
  /** Ref callback for the form element (to focus the first invalid field). */
  formRef: (el: HTMLFormElement | null) => void;
  /** Props of the `<form>`: its ref, no browser validation (ours speaks the specification's words), and `onSubmit`. */
  formProps(onSubmit: () => unknown): { ref: (el: HTMLFormElement | null) => void; noValidate: true; onSubmit: (e: FormEvent) => void };
  /** `name`, `value` and `onChange` of a text input bound to a string field. */
  bind<K extends StringKeys<V>>(name: K): { name: K; value: string; onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void };
}

type StringKeys<V> = { [K in keyof V & string]: V[K] extends string ? K : never }[keyof V & string];

export function useForm<V extends FormValues>(initial: V): FormState<V> {
  const [values, setAll] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, Msg>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement | null>(null);

  const focusFirst = (names: string[]) => {
    // After React has rendered aria-invalid, focus the first field in document order.
    requestAnimationFrame(() => {
      const el = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (el) el.focus();
      else if (names[0]) form.current?.querySelector<HTMLElement>(`[name="${names[0]}"]`)?.focus();
    });
  };

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setAll((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  }, []);

  const check = <T, S>(struct: Struct<T, S>, input: unknown = values): T | null => {
    const result = validate(struct, input);
    if (result.ok) {
      setErrors({});
      return result.value;
    }
    const next: Record<string, Msg> = {};
    for (const e of result.errors) next[e.field] ??= { code: e.code, text: e.message, data: e.data };
    setErrors(next as Partial<Record<keyof V & string, Msg>>);
    setNotice(null);
    focusFirst(Object.keys(next));
    return null;
  };

  const submit = async <R>(work: () => Promise<R>, aliases: Record<string, keyof V & string> = {}): Promise<R | null> => {
    setBusy(true);
    setNotice(null);
    try {
      return await withOverlay(work());
    } catch (err) {
      const failure = failureOf(err);
      const mapped: Record<string, Msg> = {};
      let unplaced = false;
      for (const [field, message] of Object.entries(failure.fields)) {
        const target = aliases[field] ?? field;
        if (target in values) mapped[target] ??= message;
        else unplaced = true;
      }
      setErrors(mapped as Partial<Record<keyof V & string, Msg>>);
      // Field errors are shown at their fields; anything else (wrong password, limits) on the form.
      if (Object.keys(mapped).length === 0 || unplaced) {
        setNotice({ message: failure.status === 0 ? NETWORK : failure.message, ok: false });
      }
      focusFirst(Object.keys(mapped));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const formRef = (el: HTMLFormElement | null) => {
    form.current = el;
  };

  return {
    values,
    errors,
    notice,
    busy,
    set,
    formProps: (onSubmit) => ({
      ref: formRef,
      noValidate: true,
      onSubmit: (e) => {
        e.preventDefault();
        void onSubmit();
      },
    }),
    bind: (name) => ({ name, value: values[name] as string, onChange: (e) => set(name, e.target.value as V[typeof name]) }),
    setValues: (next) => setAll((v) => ({ ...v, ...next })),
    setErrors,
    setNotice,
    check,
    submit,
    formRef,
  };
}
