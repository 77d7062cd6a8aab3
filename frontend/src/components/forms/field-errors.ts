import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicT } from '../../lib/i18n-keys.ts';

/** A form's field errors: field path → message keys of the `messages` namespace (a 422's, or the schema's). */
export type Errors = Record<string, string[]>;

/** The field itself or a path below it (`licences.0.number` is under `licences`). */
const isUnder = (name: string, field: string) => name === field || name.startsWith(`${field}.`);

/** Without the field (after the user changed it) and every path below it. */
export const withoutField = (errors: Errors, field: string): Errors =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => !isUnder(name, field)));

/** '' → null: how an emptied optional input reaches the API. */
export const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export interface FocusOptions {
  /** Inputs carry `data-testid="<prefix>-<field>"`. */
  prefix: string;
  /** The fields in screen order: the first with an error gets the cursor; errors of other fields are the form's. */
  fields?: readonly string[];
  /** Brings a field on screen before the cursor goes there (opens its tab). */
  reveal?: (field: string) => void;
  /** Told whenever errors are shown (a screen whose fields are in dialogs says so in a flash). */
  onShown?: (errors: Errors) => void;
}

/** Puts the cursor into the first field with an error, revealing it first. */
const focusFirstError = (errors: Errors, focus: FocusOptions) => {
  const names = Object.keys(errors);
  const first = focus.fields
    ? focus.fields.find((field) => names.some((name) => isUnder(name, field)))
    : names[0]?.split('.')[0];
  if (!first) return;
  focus.reveal?.(first);
  // Two frames: a revealed tab renders in the first.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const selector = `[data-testid="${focus.prefix}-${first}"]`;
      document
        .querySelector<HTMLElement>(
          `${selector} input, ${selector} textarea, ${selector} button, ${selector}`,
        )
        ?.focus();
    }),
  );
};

/** The first message of the field or of a path below it (its key). */
const firstKey = (errors: Errors, field: string) =>
  Object.entries(errors).find(([name]) => isUnder(name, field))?.[1][0];

/** Texts for errors held elsewhere (a parent's, one row's): `errorText(field)` for a FormField. */
export function useErrorText(errors: Errors) {
  const { t } = useTranslation('messages');
  return (field: string) => {
    const key = firstKey(errors, field);
    return key ? dynamicT(t)(key, { ns: 'messages' }) : undefined;
  };
}

/**
 * The errors of one form and their texts: `errorText(field)` for a FormField, `formErrorText()` for
 * the Form (the general "check the fields" and the errors no field of this form shows).
 */
export function useFieldErrors(focus: FocusOptions) {
  const { t } = useTranslation(['messages', 'common']);
  const [errors, setErrors] = useState<Errors>({});
  const focusRef = useRef(focus);
  focusRef.current = focus;
  // Stable, so callbacks and effects may hold them.
  const actions = useMemo(
    () => ({
      /** Shows these errors (a 422's or the schema's) and puts the cursor into the first. */
      show: (found: Errors) => {
        setErrors(found);
        focusRef.current.onShown?.(found);
        focusFirstError(found, focusRef.current);
      },
      clear: () => setErrors({}),
      /** The user changed the field: its errors (and those below it) go. */
      forget: (field: string) =>
        setErrors((current) =>
          Object.keys(current).some((name) => isUnder(name, field)) ? withoutField(current, field) : current,
        ),
    }),
    [],
  );
  // Message keys of the catalogue (a 422's or the schema's), made at run time.
  const message = (key: string | undefined) => (key ? dynamicT(t)(key, { ns: 'messages' }) : undefined);
  return {
    errors,
    ...actions,
    has: (field: string) => Object.keys(errors).some((name) => isUnder(name, field)),
    /** The first message of the field or of a path below it, translated. */
    errorText: (field: string) => message(firstKey(errors, field)),
    /** For the Form: undefined without errors. */
    formErrorText: () => {
      if (Object.keys(errors).length === 0) return undefined;
      const own = focus.fields;
      const others = own
        ? Object.entries(errors).filter(([name]) => !own.some((field) => isUnder(name, field)))
        : [];
      return [
        t('validation_failed', { ns: 'messages' }),
        ...others.map(([name, keys]) => `${name}: ${message(keys[0])}`),
      ].join(' ');
    },
  };
}
