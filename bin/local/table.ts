import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_LAYOUT } from '../../functions/platform/db/table.ts';

/** Creates the one table from TABLE_LAYOUT (the same constant the CDK data stack uses). */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'exists'> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'exists';
  } catch (error) {
    if (
      !(error instanceof ResourceNotFoundException) &&
      (error as Error).name !== 'ResourceNotFoundException'
    )
      throw error;
  }
  const keyNames = new Set<string>([TABLE_LAYOUT.partitionKey, TABLE_LAYOUT.sortKey]);
  for (const index of TABLE_LAYOUT.indexes) keyNames.add(index.partitionKey).add(index.sortKey);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...keyNames].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_LAYOUT.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_LAYOUT.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_LAYOUT.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_LAYOUT.ttlAttribute, Enabled: true },
    }),
  );
  return 'created';
}
