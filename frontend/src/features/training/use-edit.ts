import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { fieldErrors } from '../../../../contracts/validation.ts';
import { ApiError, FieldErrors, reportFailure } from '../../lib/api-client.ts';
import { flash } from '../../lib/flash.ts';
import { dynamicT } from '../../lib/i18n-keys.ts';

/**
 * The training screens' edit state: values, per-field errors (from the contract's schema in the
 * browser, and from a 422), dirty state for the unsaved-changes prompt, and a 409 offering to load
 * the record again. (The shared form parts of components/forms are not on main yet; when they land
 * these screens move onto them.)
 */
export function useEdit<V extends object>(initial: V) {
  const { t } = useTranslation('messages');
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);

  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field as string]: _gone, ...rest }) => rest);
  }, []);
  const reset = useCallback((next: V) => {
    setSaved(next);
    setValues(next);
    setErrors({});
  }, []);
  const errorText = (field: string) => {
    const key = errors[field]?.[0] ?? Object.entries(errors).find(([f]) => f.startsWith(`${field}.`))?.[1][0];
    return key ? dynamicT(t)(key) : undefined;
  };

  /**
   * Checks `body` with the contract's schema, then sends it. True when saved; field errors show on
   * their fields; a 409 `conflict` flashes with a reload action.
   */
  const save = async <S extends z.ZodMiniType>(
    schema: S,
    body: unknown,
    send: (body: z.infer<S>) => Promise<unknown>,
    reload?: () => void,
  ) => {
    if (saving) return false;
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return false;
    }
    setSaving(true);
    try {
      await send(parsed.data);
      setSaved(values);
      return true;
    } catch (error) {
      if (error instanceof FieldErrors) setErrors(error.errors);
      else if (error instanceof ApiError && error.code === 'conflict')
        flash('error', 'conflict', reload ? { action: { labelKey: 'action.reload', run: reload } } : {});
      else reportFailure(error);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    values,
    set,
    reset,
    errors,
    setErrors,
    errorText,
    saving,
    save,
    dirty: JSON.stringify(values) !== JSON.stringify(saved),
    hasErrors: Object.keys(errors).length > 0,
  };
}

/** Runs an action (sign, close, finish…): its failure is flashed under its code (409s say why). */
export async function act<T>(
  run: () => Promise<T>,
  onFieldErrors?: (errors: Record<string, string[]>) => void,
) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FieldErrors && onFieldErrors) onFieldErrors(error.errors);
    else if (error instanceof FieldErrors) {
      const key = Object.values(error.errors).flat()[0];
      flash('error', key ?? 'validation_failed');
    } else reportFailure(error);
    return undefined;
  }
}
