import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../config/env.ts';

let documentClient: DynamoDBDocumentClient | undefined;

/** The DynamoDB document client, created once per container (locally: the embedded endpoint). */
export const dynamo = (): DynamoDBDocumentClient => {
  if (!documentClient) {
    const { DYNAMODB_ENDPOINT, AWS_REGION } = env();
    const client = new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT
        ? { endpoint: DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
    });
  }
  return documentClient;
};

export const tableName = () => env().TABLE_NAME;

/** Forget the client (tests point the platform at a fresh emulator). */
export const resetDynamoForTests = () => {
  documentClient = undefined;
};
