import { type CfnElement, Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** Reading synthesized CloudFormation in the infra tests. The JSON is untyped. */
type Json = any;

export const resourcesOf = (t: Json, type: string): [string, Json][] =>
  Object.entries(t.Resources as Record<string, Json>).filter(([, r]) => r.Type === type);

export const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

export const logicalId = (element: IConstruct) => {
  const cfn = (element.node.defaultChild ?? element) as CfnElement;
  return Stack.of(cfn).resolve(cfn.logicalId) as string;
};

/** Allow statements of the policies attached to one role in its own template. */
export const statementsOfRole = (t: Json, roleLogicalId: string): Json[] =>
  resourcesOf(t, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((role: Json) => role.Ref === roleLogicalId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[])
    .filter((s) => s.Effect === 'Allow');

/** Actions granted to one role through the policies attached to it in its own template. */
export const actionsOfRole = (t: Json, roleLogicalId: string): string[] =>
  statementsOfRole(t, roleLogicalId).flatMap((s) => asArray(s.Action) as string[]);

/** cdk-nag's AwsSolutions findings in a scope: rule and construct paths. */
export const nagFindings = (scope: IConstruct) =>
  new AwsSolutionsChecks().validateScope(scope).violations.map((v) => ({
    rule: v.ruleName,
    resources: v.violatingResources.map((r) => r.constructPath),
  }));
