import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import {
  API,
  type AttributeMap,
  DynamoError,
  JSON_10,
  type Json,
  readBody,
  withoutHopByHop,
} from './wire.ts';

/** What the front forwards to: dynalite on its own port, called as DynamoDB's API. */
export interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// dynalite only checks that a signature is present, never its value.
const INTERNAL_HEADERS = {
  'content-type': JSON_10,
  authorization:
    'AWS4-HMAC-SHA256 Credential=local/20200101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
  'x-amz-date': '20200101T000000Z',
};

export function backendClient(port: number) {
  const agent = new Agent({ keepAlive: true });
  const keySchemas = new Map<string, string[]>();

  /** A request as it came, to dynalite. */
  function forward(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
  ): Promise<Upstream> {
    const outgoing: IncomingHttpHeaders = {
      ...withoutHopByHop(headers),
      'content-length': String(body.length),
    };
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers: outgoing, agent }, (res) => {
        readBody(res).then(
          (resBody) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: resBody }),
          reject,
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** One DynamoDB operation on dynalite; an error answer is thrown as a DynamoError. */
  async function call<T = Json>(operation: string, input: Json): Promise<T> {
    const headers = { ...INTERNAL_HEADERS, 'x-amz-target': `${API}.${operation}` };
    const res = await forward('POST', '/', headers, Buffer.from(JSON.stringify(input)));
    const parsed = JSON.parse(res.body.toString('utf8') || '{}') as Json;
    if (res.status !== 200) throw new DynamoError(res.status, parsed);
    return parsed as T;
  }

  /** A table's key attribute names, HASH before RANGE (so a key always serializes the same way). */
  async function keySchema(table: string): Promise<string[]> {
    let names = keySchemas.get(table);
    if (!names) {
      const { Table } = await call<{ Table: { KeySchema: { AttributeName: string; KeyType: string }[] } }>(
        'DescribeTable',
        { TableName: table },
      );
      names = [...Table.KeySchema]
        .sort((a, b) => a.KeyType.localeCompare(b.KeyType))
        .map((k) => k.AttributeName);
      keySchemas.set(table, names);
    }
    return names;
  }

  async function currentItem(table: string, key: AttributeMap): Promise<AttributeMap | undefined> {
    const { Item } = await call<{ Item?: AttributeMap }>('GetItem', {
      TableName: table,
      Key: key,
      ConsistentRead: true,
    });
    return Item;
  }

  return {
    forward,
    call,
    keySchema,
    currentItem,
    /** A table was created or deleted: its key schema is read afresh. */
    forgetTable: (table: string) => keySchemas.delete(table),
    close: () => agent.destroy(),
  };
}

export type Backend = ReturnType<typeof backendClient>;
