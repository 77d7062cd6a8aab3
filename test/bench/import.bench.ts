import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack, TABLE_NAME } from '../../bin/local/stack.ts';
import { activeMembers } from '../../functions/organizations/public.ts';
import { accessTokenOf } from '../helpers/cognito.ts';
import { ms } from './stats.ts';

const ROWS = 1000;
const ORG = 'org-demo';

/**
 * Data import of ledger entries (issue 17 §5) through the gateway on the local stack: a file of
 * 1,000 rows naming the demo club's active members, (a) checked (dry run, every row new), (b)
 * imported (each row posted through finance), (c) checked again (every row already posted). The
 * check looks the members up once per distinct e-mail and the rows' entries in BatchGetItem
 * requests; the baseline is what one lookup per row would cost at the least: 1,000 GetItems one
 * after another, raw.
 */
export async function run() {
  const dataDir = await mkdtemp(join(tmpdir(), 'windsock-bench-'));
  const stack = await startLocalStack({
    port: 0,
    mqttPort: 0,
    host: '127.0.0.1',
    dataDir,
    reset: true,
    web: 'none',
    log: () => {},
  });
  try {
    const token = await accessTokenOf(stack.url, 'admin@demo.windsock.aero', {
      clientId: stack.cognito.clientId,
    });
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200)
        throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const members = (await activeMembers(ORG)).map((m) => m.email).filter(Boolean);
    const lines = ['date,member_email,transaction_type,amount,currency_id,comment'];
    for (let n = 0; n < ROWS; n++) {
      const day = String(1 + (n % 28)).padStart(2, '0');
      lines.push(`2025-02-${day},${members[n % members.length]},payment_received,${1000 + n},HUF,bench ${n}`);
    }
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    const upload = async () => {
      const grant = (await api('/api/import/upload', {
        name: 'bench.csv',
        content_type: 'text/csv',
        size: bytes.length,
      })) as { url: string; fields: Record<string, string>; key: string };
      const form = new FormData();
      for (const [field, value] of Object.entries(grant.fields)) form.append(field, value);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'bench.csv');
      const posted = await fetch(grant.url, { method: 'POST', body: form });
      if (posted.status >= 300) throw new Error(`S3 answered ${posted.status}`);
      return grant.key;
    };
    const timed = async (dryRun: boolean) => {
      const key = await upload();
      const start = performance.now();
      const out = await api('/api/import', {
        import_file: key,
        sourceType: 'transactions',
        uploadParams: { dry_run: dryRun },
      });
      console.log(
        `  (${dryRun ? 'dry run' : 'import'}: ${((performance.now() - start) / 1000).toFixed(1)} s)`,
      );
      return { seconds: (performance.now() - start) / 1000, out };
    };

    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.dynamo.endpoint,
        region: 'eu-central-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const rawStart = performance.now();
    for (let n = 0; n < ROWS; n++)
      await documents.send(
        new GetCommand({ TableName: TABLE_NAME, Key: { pk: `org#${ORG}#entry#${n}`, sk: '#entry' } }),
      );
    const rawSeconds = (performance.now() - rawStart) / 1000;

    const check = await timed(true);
    // A 1,000-row file does not fit in one request's time: the user imports the same file again
    // until every row is written (each round says how far it got).
    const rounds: Awaited<ReturnType<typeof timed>>[] = [];
    do rounds.push(await timed(false));
    while (rounds.at(-1)!.out.message === 'import.message.continue' && rounds.length < 10);
    const imported = {
      seconds: rounds.reduce((sum, r) => sum + r.seconds, 0),
      out: {
        created: rounds.reduce((sum, r) => sum + Number(r.out.created), 0),
        unchanged: '-',
        failed: rounds.at(-1)!.out.failed,
      },
    };
    const again = await timed(true);
    const figures = (label: string, run: { seconds: number; out: Record<string, unknown> }) =>
      console.log(
        `${label.padEnd(52)} ${ms(run.seconds * 1000).padStart(9)}   created ${run.out.created ?? '-'}  unchanged ${run.out.unchanged ?? '-'}  failed ${run.out.failed ?? '-'}` +
          `   ratio ${(run.seconds / rawSeconds).toFixed(2)}×`,
      );
    console.log(
      `${ROWS} transaction rows over ${members.length} members, local stack (dynalite), one client:`,
    );
    console.log(
      `${`${ROWS} GetItems one after another, raw (baseline)`.padEnd(52)} ${ms(rawSeconds * 1000).padStart(9)}`,
    );
    figures('POST /api/import, dry run, every row new', check);
    figures(`POST /api/import, 1,000 postings, ${rounds.length} rounds`, imported);
    figures('POST /api/import, dry run again, every row posted', again);
    documents.destroy();
  } finally {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
