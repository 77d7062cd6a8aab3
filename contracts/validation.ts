import * as z from 'zod/mini';
import { FIELD_MESSAGES, type FieldMessage } from './errors.ts';

/**
 * Every zod issue becomes an i18n message key (spec §5), so the browser form and the Lambda show
 * the same text for the same mistake. A schema may name its own key with `{ error: 'time_format' }`.
 */
const messageFor = (issue: z.core.$ZodRawIssue): FieldMessage => {
  if (issue.code !== 'unrecognized_keys' && (issue.input === undefined || issue.input === null))
    return 'field_required';
  switch (issue.code) {
    case 'invalid_format':
      return issue.format === 'email' ? 'email_invalid' : 'invalid_value';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'field_required' : 'too_short';
      return 'too_small';
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'too_big';
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return 'invalid_value';
  }
};

z.config({ customError: (issue) => messageFor(issue) });

const isFieldMessage = (value: string): value is FieldMessage =>
  (FIELD_MESSAGES as readonly string[]).includes(value);

/** zod issues → `{ 'field.path': ['message_key'] }`, the `errors` map of a 422 (DESIGN §3). */
export const fieldErrors = (issues: readonly z.core.$ZodIssue[]): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.includes(key)) list.push(key);
  };
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, 'unknown_field');
      continue;
    }
    add(path || '_', isFieldMessage(issue.message) ? issue.message : 'invalid_value');
  }
  return errors;
};
