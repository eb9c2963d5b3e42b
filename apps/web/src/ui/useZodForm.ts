import { Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { describeError, fieldErrors, type ErrorText } from '../api/errors';
import { useText } from './useText';

/** A failed parse's messages by field path: each field's first issue. */
export function issueMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const next: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in next)) next[path] = issue.message;
  }
  return next;
}

/**
 * Form state checked with the same zod schema the API uses, so the panel shows the same messages
 * (in the panel's language) before anything is sent, and places the server's field errors too.
 */
export function useZodForm<S extends z.ZodType, V extends object = z.input<S> & object>(
  schema: S,
  initial: V,
  /** What the schema checks, made from the form's values (e.g. only the changed fields of an edit). */
  toInput: (values: V) => unknown = (v) => v,
) {
  type Values = V;
  const text = useText();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Counts the saves that failed on a field (FormFooter then focuses and names the first one in error). */
  const [fieldFailures, setFieldFailures] = useState(0);
  // What leaving compares against: the values it opened with, or those last saved; nothing asks while saving.
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  const baseline = useRef(initial);
  const saving = useRef(false);
  /** Whether leaving now would lose changes (read when leaving, so it is always current). */
  const unsaved = useCallback(
    () => !saving.current && JSON.stringify(latest.current) !== JSON.stringify(baseline.current),
    [],
  );

  const set = useCallback(<K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!((key as string) in e)) return e;
      const { [key as string]: _gone, ...rest } = e;
      return rest;
    });
  }, []);

  /**
   * Sets values the form brings itself, not the person (a client's defaults, a record refreshed from a live
   * change): applied to the baseline too, so they alone do not make leaving ask.
   */
  const fill = useCallback((update: (v: Values) => Values) => {
    baseline.current = update(baseline.current);
    setValues(update);
  }, []);

  /** Parses the values; on failure shows every field's first message and returns null. */
  const validate = useCallback((): z.output<S> | null => {
    const result = schema.safeParse(toInput(values));
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(issueMessages(result.error.issues));
    setFieldFailures((n) => n + 1);
    return null;
  }, [schema, values, toInput]);

  /** Puts a failed call's field errors (ValidationError details) under their fields; returns whether there were any. */
  const showServerErrors = useCallback((err: unknown) => {
    const fe = fieldErrors(err);
    setErrors(fe);
    const any = Object.keys(fe).length > 0;
    if (any) setFieldFailures((n) => n + 1);
    return any;
  }, []);

  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorText | null>(null);

  /**
   * Runs a save: `busy` while it runs; the server's field errors go under their fields, anything else into
   * `failure` — unless `onError` handles the error and returns true.
   */
  const run = useCallback(
    async (action: () => Promise<void>, onError?: (err: unknown) => boolean) => {
      setFailure(null);
      setBusy(true);
      // A successful action may leave the page (navigate) before it returns: that leaving does not ask.
      saving.current = true;
      const before = baseline.current;
      try {
        await action();
        // Saved: what was sent is the new baseline (unless the action filled the form with what was saved).
        if (baseline.current === before) baseline.current = latest.current;
      } catch (err) {
        if (!onError?.(err) && !showServerErrors(err)) setFailure(describeError(err));
      } finally {
        saving.current = false;
        setBusy(false);
      }
    },
    [showServerErrors],
  );

  const error = (field: string) => (errors[field] ? text(errors[field]) : undefined);
  const intent = (field: string) => (errors[field] ? Intent.DANGER : Intent.NONE);

  return {
    values,
    set,
    setValues,
    fill,
    validate,
    showServerErrors,
    error,
    intent,
    errors,
    busy,
    failure,
    run,
    fieldFailures,
    unsaved,
  };
}
