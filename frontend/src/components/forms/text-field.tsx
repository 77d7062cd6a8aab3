import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';

/**
 * What a bound field needs of a form: useRecordForm's result as it is, or the part of it a shared
 * block of fields is given (WorkFields).
 */
export interface FieldBinding<V> {
  values: V | undefined;
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  errorText: (field: string) => string | undefined;
  /** Whether the field or anything under it has an error (marks the input). */
  has?: (field: string) => boolean;
  readOnly?: boolean;
}

/** The fields of the values that are typed text. */
export type TextFieldName<V> = { [K in keyof V]-?: V[K] extends string ? K : never }[keyof V] & string;

interface TextFieldProps<V> {
  form: FieldBinding<V>;
  field: TextFieldName<V>;
  /** Translated by the caller (its own namespace). */
  label: string;
  description?: string;
  /** `decimal` for a number typed in any of our languages, `numeric` for whole numbers. */
  inputMode?: InputProps['inputMode'];
  placeholder?: string;
  /** Read only even where the form is not. */
  readOnly?: boolean;
  testId?: string;
}

/**
 * One text input of a form (FormField + Input + the field's error), bound to the form's values by
 * the field's name: typing sets it (and drops its errors), its error shows under it, and it is read
 * only when the form is. Use it next to useRecordForm for the plain text and number inputs.
 */
export function TextField<V>({
  form,
  field,
  label,
  description,
  inputMode,
  placeholder,
  readOnly,
  testId,
}: TextFieldProps<V>) {
  return (
    <FormField label={label} description={description} errorText={form.errorText(field)}>
      <Input
        value={(form.values?.[field] as string | undefined) ?? ''}
        onChange={({ detail }) => form.set(field, detail.value as V[typeof field])}
        inputMode={inputMode}
        placeholder={placeholder}
        invalid={form.has?.(field)}
        readOnly={readOnly || form.readOnly}
        data-testid={testId}
      />
    </FormField>
  );
}
