import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { ApiError, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { useDialogKeys } from '../use-dialog-keys.ts';
import { type FocusOptions, useFieldErrors } from './field-errors.ts';

/**
 * What a failed save or action shows, in one place: a stale version (409 `conflict`) offers to
 * reload the record; everything else as the API client's catalogue says.
 */
export const reportSaveFailure = (error: unknown, reload?: () => void) => {
  if (error instanceof ApiError && error.code === 'conflict')
    flash('error', 'conflict', reload ? { action: { labelKey: 'action.reload', run: reload } } : {});
  else reportFailure(error);
};

export type LoadState = 'loading' | 'ready' | 'failed' | 'not_found';

interface RecordFormOptions<R, V, S extends z.ZodMiniType> {
  /** The stored record (or what a new one starts from); loaded again when this function changes (useCallback). */
  load: () => Promise<R>;
  /** The inputs' values for a record. */
  toValues: (record: R) => V;
  /** The body the API checks, from the values (with the record's version). */
  toInput: (values: V, record: R) => unknown;
  /** The schema of contracts/ the API checks; the browser checks it first. */
  schema: S | ((record: R) => S);
  /** Sends the checked body; answers the record as stored. */
  save: (body: z.infer<S>, record: R, values: V) => Promise<R>;
  onSaved?: (saved: R, before: R) => void;
  /** Esc, and the Cancel button. */
  onCancel: () => void;
  /** F8, where the record may be deleted (usually: ask first). */
  onDelete?: () => void;
  /** Where errors send the cursor, and which fields the form shows. */
  focus: FocusOptions;
  /** Whether the keys answer: false while a dialog over the form has them (default true). */
  keysActive?: boolean;
  /** A 409 on save: default, flash "reload" (reloading the record); a modal may close instead. */
  onConflict?: (reload: () => void) => void;
  /** A refusal the screen knows better (a flight signed meanwhile): true when it handled it. */
  onSaveError?: (error: unknown, reload: () => void) => boolean;
  /** The form's field for an error of the API's body, where their names differ. */
  errorFieldOf?: (field: string) => string;
  /** Shown, not edited (a signed logbook line): no saving, F10 and F8 do nothing. */
  readOnly?: boolean | ((record: R) => boolean);
  /** Unchanged values (no prompt on leaving). Default: equal as JSON. */
  same?: (a: V, b: V) => boolean;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One edit screen's state, as every form here works (STYLE: no form writes this again): load the
 * record, edit values, check the contracts/ schema in the browser, save with the version read;
 * per-field errors from the schema and from a 422, the cursor on the first; dirty state for the
 * unsaved-changes prompt; saving state; a 409 offers to reload; F10 saves, Esc cancels, F8 deletes
 * (use-dialog-keys.ts).
 */
export function useRecordForm<R, V, S extends z.ZodMiniType>(options: RecordFormOptions<R, V, S>) {
  const { load } = options;
  // The latest options for callbacks; only `load` starts a new load when it changes.
  const latest = useRef(options);
  latest.current = options;
  const errors = useFieldErrors(options.focus);
  const { clear } = errors;
  const [state, setState] = useState<LoadState>('loading');
  const [record, setRecord] = useState<R>();
  const [saved, setSaved] = useState<V>();
  const [values, setValues] = useState<V>();
  const [saving, setSaving] = useState(false);
  // One save at a time, even when F10 and a click land in the same tick.
  const busy = useRef(false);

  /** Shows a record as stored: the values start again from it. */
  const adopt = useCallback(
    (next: R) => {
      setRecord(next);
      const nextValues = latest.current.toValues(next);
      setSaved(nextValues);
      setValues(nextValues);
      clear();
    },
    [clear],
  );

  const reload = useCallback(async () => {
    setState((current) => (current === 'ready' ? current : 'loading'));
    try {
      adopt(await load());
      setState('ready');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') setState('not_found');
      else {
        setState('failed');
        reportFailure(error);
      }
    }
  }, [load, adopt]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const same = options.same ?? sameJson;
  const readOnly =
    record !== undefined &&
    (typeof options.readOnly === 'function' ? options.readOnly(record) : options.readOnly === true);
  const dirty = !readOnly && values !== undefined && saved !== undefined && !same(values, saved);

  const save = async () => {
    const {
      schema,
      toInput,
      save: send,
      onSaved,
      onConflict,
      onSaveError,
      readOnly,
      errorFieldOf,
    } = latest.current;
    const showErrors = (found: Record<string, string[]>) =>
      errors.show(
        errorFieldOf
          ? Object.fromEntries(Object.entries(found).map(([field, keys]) => [errorFieldOf(field), keys]))
          : found,
      );
    if (busy.current || record === undefined || values === undefined) return;
    if (typeof readOnly === 'function' ? readOnly(record) : readOnly) return;
    const checked = typeof schema === 'function' ? schema(record) : schema;
    const parsed = z.safeParse(checked, toInput(values, record));
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error.issues));
      return;
    }
    errors.clear();
    busy.current = true;
    setSaving(true);
    try {
      const stored = await send(parsed.data, record, values);
      adopt(stored);
      onSaved?.(stored, record);
    } catch (error) {
      const again = () => void reload();
      if (error instanceof FieldErrors) showErrors(error.errors);
      else if (onSaveError?.(error, again)) return;
      else if (error instanceof ApiError && error.code === 'conflict' && onConflict) onConflict(again);
      else reportSaveFailure(error, again);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  useDialogKeys(
    {
      onCancel: options.onCancel,
      onSave: readOnly ? undefined : () => void save(),
      onDelete: readOnly ? undefined : options.onDelete,
    },
    state === 'ready' && options.keysActive !== false,
  );

  return {
    state,
    record,
    values,
    saving,
    dirty,
    readOnly,
    ...errors,
    /** One field changed: its errors go. */
    set: <K extends keyof V>(field: K, value: V[K]) => {
      setValues((current) => (current === undefined ? current : { ...current, [field]: value }));
      errors.forget(String(field));
    },
    /** Several values at once (a field that fills others); `changed` names the fields whose errors go. */
    update: (change: (current: V) => V, ...changed: string[]) => {
      setValues((current) => (current === undefined ? current : change(current)));
      for (const field of changed) errors.forget(field);
    },
    /** For the <form>'s submit (Enter) and the save button. */
    submit: (event?: FormEvent) => {
      event?.preventDefault();
      void save();
    },
    reload: () => void reload(),
    adopt,
    /** An action beside saving (delete, close) with the same busy state and conflict handling. */
    run: async (action: () => Promise<void>) => {
      if (busy.current) return;
      busy.current = true;
      setSaving(true);
      try {
        await action();
      } catch (error) {
        const again = () => void reload();
        if (!latest.current.onSaveError?.(error, again)) reportSaveFailure(error, again);
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
  };
}
