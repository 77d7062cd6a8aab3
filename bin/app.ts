import { App } from 'aws-cdk-lib';
import { buildWindsock } from '../lib/windsock.ts';

/**
 * The CDK app (docs/ARCHITECTURE.md "The cloud"): `npx cdk synth -c windsock:stage=prod`. With credentials the CLI sets
 * CDK_DEFAULT_ACCOUNT/REGION and the stacks are bound to them; without, they stay
 * environment-agnostic, so synth works offline.
 */
const app = new App();
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;
buildWindsock(app, account || region ? { account, region } : undefined);
