import { parseArgs } from 'node:util';
import { startOgnDemo } from './local/ogn-demo.ts';
import { demoLogins } from './local/seed.ts';
import { type LocalStackOptions, startLocalStack, TABLE_NAME } from './local/stack.ts';

/**
 * `npm start`: the whole product on this machine, on embedded stand-ins of the AWS services.
 * Env: PORT (0 = any free port, default 3000), MQTT_PORT (default 1883, 0 = free),
 * WINDSOCK_DATA_DIR (default .local/), WINDSOCK_WEB (vite | dist). Flag: --reset starts clean.
 * The demo club's simulated afternoon of OGN beacons plays unless `--no-ogn-demo` or
 * WINDSOCK_OGN_DEMO=off (issue 6 §9). `--seed-only` prepares the data dir (seeds it when new),
 * waits until the seed's domain events are consumed and exits: the e2e tests' seed snapshot.
 */
const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    web: { type: 'string' },
    'ogn-demo': { type: 'boolean', default: process.env.WINDSOCK_OGN_DEMO !== 'off' },
    'seed-only': { type: 'boolean', default: false },
  },
  allowPositionals: false,
  allowNegative: true,
});

const port = Number(process.env.PORT ?? 3000);
const options: LocalStackOptions = {
  port,
  mqttPort: Number(process.env.MQTT_PORT ?? (port === 0 ? 0 : 1883)),
  host: '127.0.0.1',
  dataDir: process.env.WINDSOCK_DATA_DIR ?? '.local',
  reset: values.reset ?? false,
  web: (values.web ?? process.env.WINDSOCK_WEB ?? 'vite') as LocalStackOptions['web'],
  log: (line) => console.log(line),
};

const started = Date.now();
const stack = await startLocalStack(options).catch((error: unknown) => {
  console.error(`Windsock could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

if (values['seed-only']) {
  await stack.events.drained();
  await stack.close();
  console.log(`Windsock data ready in ${options.dataDir}${stack.seeded ? ' (seeded now)' : ''}`);
  process.exit(0);
}

const ognDemo = values['ogn-demo']
  ? startOgnDemo({
      mqtt: {
        url: `mqtt://127.0.0.1:${stack.mqttTcpPort}`,
        username: stack.ognBridge.username,
        password: stack.ognBridge.password,
        clientId: 'windsock-ogn-demo',
      },
      log: (line) => console.log(line),
    })
  : undefined;

console.log(`Windsock ready at ${stack.url}`);
console.log(`  demo logins (password for all: ${demoLogins()[0]?.password}):`);
for (const login of demoLogins()) console.log(`    ${login.email.padEnd(34)} ${login.description}`);
console.log(`  MQTT: tcp://127.0.0.1:${stack.mqttTcpPort} and ${stack.url.replace(/^http/, 'ws')}/mqtt`);
console.log(
  `  OGN bridge: user ${stack.ognBridge.username}, password in ${stack.ognBridge.secretFile} (npm run ogn:replay -- FILE --speed 60)`,
);
if (ognDemo)
  console.log(
    '  OGN demo: a simulated afternoon over LHDK is playing (live map, proposals on today’s sheet; --no-ogn-demo stops it)',
  );
console.log(
  stack.stripe
    ? `  card payments: fake Stripe at ${stack.stripe.url} (its checkout page has Pay and Cancel; no card is charged)`
    : '  card payments: the Stripe account of STRIPE_SECRET_KEY (webhooks: STRIPE_WEBHOOK_SECRET, e.g. stripe listen)',
);
console.log(`  DynamoDB: ${stack.dynamo.endpoint} (table ${TABLE_NAME}; any credentials)`);
console.log(
  `  mail outbox: ${stack.url}/_local/outbox   data: ${options.dataDir}${stack.seeded ? ' (seeded now)' : ''}`,
);
console.log(
  `  domain events: in-process bus, at least once; dead letters in ${options.dataDir}/events-dead.jsonl`,
);
console.log(`  started in ${((Date.now() - started) / 1000).toFixed(1)} s — Ctrl-C stops`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: closing…`);
  await ognDemo?.stop();
  await stack.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
