import type { TransactionBuilder } from '../platform/db/writes.ts';

/**
 * The private profile of a pilot who registered alone (identity's entity `privateProfile`), created
 * in the same TransactWrite as the person (organizations' registerPerson): both or neither.
 */
export const privateProfileCreation =
  (userId: string): TransactionBuilder =>
  ({ privateProfile }) => [
    privateProfile.create({ user_id: userId, private_profile_id: `private-${userId}` }).commit(),
  ];
