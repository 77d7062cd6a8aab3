/**
 * Local MQTT: an aedes broker on TCP (services, the OGN bridge, tools) and on WebSocket at /mqtt of
 * the local server (browsers). Who may subscribe or publish to what is decided per connection by
 * the caller's authenticate(), standing in for AWS IoT Core's custom authorizer and policies.
 *
 * Rights change while a browser stays connected (issue 11 §3): every message forwarded to a person
 * is checked against their rights as they are now, not as they were at CONNECT. Those rights are
 * cached per connection and re-resolved every `rightsTtlMs`, and at once by recheck() when an
 * organization narrows them (functions/identity/realtime-connections.ts); until that answer
 * arrives the person gets only their own `user/<id>/…` channel.
 */
import type { IncomingMessage } from 'node:http';
import { createServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { mayReceive, maySubscribe, type RealtimeTopics } from '../../functions/platform/auth/realtime.ts';

export type MqttPrincipal =
  | {
      kind: 'user';
      userId: string;
      topics: RealtimeTopics;
      /**
       * The person's topics now; null when they may no longer connect (the connection is closed).
       * `fresh` bypasses any cache (a change was just made). Without it the topics stay as at CONNECT.
       */
      resolve?: (fresh: boolean) => Promise<RealtimeTopics | null>;
    }
  | { kind: 'service'; publish: string[]; subscribe: string[] };

export type PublishHook = (topic: string, payload: Buffer, principal: MqttPrincipal) => void | Promise<void>;

export interface LocalMqtt {
  tcpPort: number;
  /** For upgrade requests to /mqtt on the local server. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Publishes JSON from the server side, QoS 0; needs no authorization. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Called for every client publish that passed authorization. */
  onPublish(hook: PublishHook): void;
  /**
   * These people's rights were narrowed: their open connections get only their own channel until
   * their rights are re-resolved (fresh), then what those allow. Resolves when that is done.
   */
  recheck(userIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

interface StartMqttOptions {
  /** Default 0: a free port. */
  tcpPort?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Called on CONNECT; null refuses the connection (bad username or password). */
  authenticate(username: string, password: string, clientId: string): Promise<MqttPrincipal | null>;
  /**
   * How long a connection's resolved rights are trusted before they are resolved again (default
   * 5000, as the API's actor cache; 0: only at CONNECT and on recheck()).
   */
  rightsTtlMs?: number;
}

/** A person's connection: the rights forwarding is checked against, and whether they are settled. */
interface UserSession {
  principal: Extract<MqttPrincipal, { kind: 'user' }>;
  topics: RealtimeTopics;
  /** A recheck is under way: only the person's own channel is delivered. */
  unsettled: boolean;
  /** The latest re-resolution; an older one that answers later is ignored. */
  generation: number;
  /** A re-resolution is under way (the periodic one then waits for the next round). */
  resolving: boolean;
}

// CONNACK return codes (MQTT 3.1.1, table 3.1).
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;

export async function startMqtt(opts: StartMqttOptions): Promise<LocalMqtt> {
  const host = opts.host ?? '127.0.0.1';
  const principals = new WeakMap<Client, MqttPrincipal>();
  const sessions = new WeakMap<Client, UserSession>();
  /** Registered (CONNACKed) clients of people, for recheck() and the periodic re-resolution. */
  const userClients = new Set<Client>();
  const hooks: PublishHook[] = [];

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      opts.authenticate(username ?? '', password?.toString('utf8') ?? '', client.id).then(
        (principal) => {
          if (!principal) return done(refusal('Bad username or password', BAD_USERNAME_OR_PASSWORD), false);
          principals.set(client, principal);
          if (principal.kind === 'user')
            sessions.set(client, {
              principal,
              topics: principal.topics,
              unsettled: false,
              generation: 0,
              resolving: false,
            });
          done(null, true);
        },
        (err: unknown) => {
          console.error('local mqtt: authenticate failed', err);
          done(refusal('Server unavailable', SERVER_UNAVAILABLE), false);
        },
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const principal = principals.get(client);
      const session = sessions.get(client);
      const allowed = session
        ? maySubscribe(rightsOf(session), subscription.topic)
        : principal?.kind === 'service' &&
          principal.subscribe.some((filter) => filterCovers(filter, subscription.topic));
      // A null subscription is refused with granted QoS 128 while the connection stays open.
      done(null, allowed ? subscription : null);
    },
    // A wider subscription (`org/<id>/#`) must not deliver the withheld channels (the daily sheet's
    // to people without daily-flight-edit): checked per message, as IoT's iot:Receive does, against
    // the person's rights now, so a revocation reaches an open connection's subscriptions too.
    authorizeForward(client, packet) {
      const session = sessions.get(client);
      if (session && !mayReceive(rightsOf(session), packet.topic)) return null;
      return packet;
    },
    authorizePublish(client, packet, done) {
      // Browsers only listen; services publish within their filters. Anything else (including a
      // refused client's last will) is dropped, and aedes closes a client whose publish is refused.
      const principal = client && principals.get(client);
      const allowed =
        principal?.kind === 'service' && principal.publish.some((f) => filterCovers(f, packet.topic));
      done(allowed ? null : new Error(`publish to ${packet.topic} not allowed`));
    },
  });

  broker.on('client', (client) => {
    if (sessions.has(client)) userClients.add(client);
  });
  broker.on('clientDisconnect', (client) => userClients.delete(client));

  /** Re-resolves one connection's rights; `fresh` after a change (and unsettled meanwhile). */
  const reresolve = async (client: Client, fresh: boolean) => {
    const session = sessions.get(client);
    if (!session?.principal.resolve || (!fresh && session.resolving)) return;
    const generation = ++session.generation;
    if (fresh) session.unsettled = true;
    session.resolving = true;
    let topics: RealtimeTopics | null;
    try {
      topics = await session.principal.resolve(fresh);
    } catch (err) {
      if (generation !== session.generation) return;
      // Rights unknown: keep the connection to its own channel until the next answer.
      console.error('local mqtt: re-resolving rights failed', err);
      session.unsettled = true;
      session.resolving = false;
      return;
    }
    if (generation !== session.generation) return;
    session.resolving = false;
    if (!topics) {
      userClients.delete(client);
      client.close();
      return;
    }
    session.topics = topics;
    session.unsettled = false;
  };

  const rightsTtlMs = opts.rightsTtlMs ?? 5000;
  const refresher =
    rightsTtlMs > 0
      ? setInterval(() => {
          for (const client of userClients) void reresolve(client, false);
        }, rightsTtlMs)
      : undefined;
  refresher?.unref();

  broker.on('publish', (packet, client) => {
    const principal = client && principals.get(client);
    if (!principal) return;
    for (const hook of hooks) {
      Promise.resolve()
        .then(() => hook(packet.topic, Buffer.from(packet.payload), principal))
        .catch((err: unknown) => console.error(`local mqtt: publish hook failed for ${packet.topic}`, err));
    }
  });

  const sockets = new Set<Socket>();
  const tcp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(opts.tcpPort ?? 0, host, () => {
      tcp.off('error', reject);
      resolve();
    });
  });
  const address = tcp.address();
  const tcpPort = typeof address === 'object' && address ? address.port : 0;

  const wss = new WebSocketServer({ noServer: true });

  let closing: Promise<void> | undefined;
  return {
    tcpPort,
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => {
        const stream = createWebSocketStream(ws);
        // A browser tab that goes away mid-frame errors the stream; aedes cleans the client up on close.
        stream.on('error', () => undefined);
        broker.handle(stream, req);
      });
    },
    publish(topic, payload) {
      return new Promise((resolve, reject) => {
        broker.publish(
          {
            cmd: 'publish',
            topic,
            payload: Buffer.from(JSON.stringify(payload)),
            qos: 0,
            retain: false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        );
      });
    },
    onPublish(hook) {
      hooks.push(hook);
    },
    async recheck(userIds) {
      const people = new Set(userIds);
      const affected = [...userClients].filter((client) =>
        people.has(sessions.get(client)?.principal.userId ?? ''),
      );
      await Promise.all(affected.map((client) => reresolve(client, true)));
    },
    close() {
      clearInterval(refresher);
      closing ??= (async () => {
        await new Promise<void>((resolve) => broker.close(() => resolve()));
        for (const ws of wss.clients) ws.terminate();
        await new Promise<void>((resolve) => wss.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => tcp.close(() => resolve()));
      })();
      return closing;
    },
  };
}

/** While a recheck is under way a person has only their own channel (fail closed). */
const rightsOf = (session: UserSession): RealtimeTopics =>
  session.unsettled ? { subscribe: [`user/${session.principal.userId}/#`], deny: [] } : session.topics;

function refusal(message: string, returnCode: number) {
  return Object.assign(new Error(message), { returnCode });
}

/**
 * Whether every topic the requested filter matches is also matched by the allowed filter:
 * `user/u1/#` covers `user/u1/notifications`, `user/u1/+` and `user/u1/#`, but not `user/+/x` or `#`.
 */
function filterCovers(allowed: string, requested: string): boolean {
  if (!isValidFilter(allowed) || !isValidFilter(requested)) return false;
  const a = allowed.split('/');
  const r = requested.split('/');
  // Wildcards in the first level never match topics starting with $ (MQTT-4.7.2-1), e.g. $SYS.
  if (r[0]?.startsWith('$') && (a[0] === '+' || a[0] === '#')) return false;
  for (let i = 0; ; i++) {
    const al = a[i];
    const rl = r[i];
    if (al === undefined) return rl === undefined;
    // `#` also matches its parent level: `user/u1/#` matches `user/u1`.
    if (al === '#') return true;
    if (rl === undefined || rl === '#') return false;
    if (al === '+') continue;
    if (rl === '+' || rl !== al) return false;
  }
}

function isValidFilter(filter: string): boolean {
  if (filter.length === 0) return false;
  const levels = filter.split('/');
  return levels.every(
    (level, i) =>
      (level === '#' && i === levels.length - 1) ||
      level === '+' ||
      (!level.includes('#') && !level.includes('+')),
  );
}
