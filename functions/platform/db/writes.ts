import { conflict } from '../http/errors.ts';

/** A rejected TransactWrite is a lost race (a version or existence condition): 409 (DESIGN §4). */
export const committed = (result: { canceled: boolean }) => {
  if (result.canceled) throw conflict();
};

/**
 * A single write refused by its condition (the item exists already, the version moved on). ElectroDB
 * wraps DynamoDB's ConditionalCheckFailedException; the embedded one only says it in the message.
 */
export const isConditionFailure = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' ||
    (error.cause instanceof Error && error.cause.name === 'ConditionalCheckFailedException') ||
    /conditional request failed/i.test(error.message));
