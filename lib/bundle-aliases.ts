import { fileURLToPath } from 'node:url';

/**
 * Modules replaced in the Lambda bundles (the CDK DomainFunction and the bundle benchmark share
 * this): ElectroDB's model validator, whose check of fixed models costs cold-start time
 * (functions/platform/db/model-validation-off.cjs says why that is safe).
 */
export const BUNDLE_ALIASES: Record<string, string> = {
  jsonschema: fileURLToPath(new URL('../functions/platform/db/model-validation-off.cjs', import.meta.url)),
};
