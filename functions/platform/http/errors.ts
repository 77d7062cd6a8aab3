import type { ErrorCode } from '../../../contracts/errors.ts';
import { ERROR_STATUS } from '../../../contracts/errors.ts';

/**
 * Errors carry their status (docs/ARCHITECTURE.md "Errors"). Operations and services throw these; one mapper turns
 * them into responses. Anything else is a 500 with no detail.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors?: Record<string, string[]>;

  constructor(code: ErrorCode, errors?: Record<string, string[]>) {
    super(code);
    this.name = 'HttpError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = errors;
  }
}

/** 422: `errors` maps a field path to message keys (`{ lang: ['invalid_value'] }`). */
export const validationFailed = (errors: Record<string, string[]>) =>
  new HttpError('validation_failed', errors);
export const unauthorized = () => new HttpError('unauthorized');
export const missingPermissions = () => new HttpError('missing_permissions');
export const moduleDisabled = () => new HttpError('module_disabled');
export const notFound = () => new HttpError('not_found');
export const conflict = () => new HttpError('conflict');
export const domainError = (code: ErrorCode, errors?: Record<string, string[]>) =>
  new HttpError(code, errors);

/** A lookup that found nothing is a 404: `found(await store.plane(…))`. */
export const found = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw notFound();
  return value;
};
