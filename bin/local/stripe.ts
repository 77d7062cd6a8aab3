import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A fake Stripe for one machine (DESIGN §6, issue 14 §8): the part of Stripe's API the finance
 * domain calls for a card top-up — Checkout Sessions: create, retrieve, expire — on 127.0.0.1,
 * reached by the real SDK through its host/port/protocol options; a hosted "checkout page" a person
 * can press Pay or Cancel on; and webhooks signed with the webhook secret exactly as Stripe signs
 * them (the SDK's own signer), delivered to the local gateway and retried on failure. So the whole
 * loop runs offline, in `npm start` and in the e2e tests.
 *
 * It is a stand-in, not a payment processor: no card data is asked for, anything posted with the
 * secret key is believed, and it keeps its sessions in memory.
 */

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  payment_intent: string | null;
  /** What the page shows (the line's product name). */
  description: string;
}

/** Where signed events go: a URL (the local gateway), or a function (tests call the handler directly). */
export type WebhookTarget = string | ((body: string, headers: Record<string, string>) => Promise<number>);

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: STRIPE_API_URL. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: ReadonlyMap<string, FakeSession>;
  /** Events sent, oldest first (tests redeliver them). */
  events: readonly { id: string; type: string; body: string }[];
  setWebhookTarget(target: WebhookTarget): void;
  /** What the Pay button does: completes the session and sends its webhook. */
  pay(sessionId: string): Promise<FakeSession>;
  /** Sends an event again, as Stripe does after a failed delivery (signed anew, as Stripe signs each attempt). */
  redeliver(eventId: string): Promise<number>;
  /** A new event of the session now (`checkout.session.completed`, `…expired`, `…async_payment_succeeded`). */
  emit(sessionId: string, type: string): Promise<{ id: string; status: number }>;
  close(): Promise<void>;
}

const random = (bytes: number) => randomBytes(bytes).toString('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`line_items[0][price_data][currency]=huf`) → a nested object. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${random(6)}` });
  res.end(JSON.stringify(body));
};

const stripeError = (res: ServerResponse, status: number, message: string, code?: string) =>
  json(res, status, { error: { type: 'invalid_request_error', message, ...(code && { code }) } });

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Stripe's amounts are minor units: HUF is two-decimal there (500000 = 5 000 Ft). */
const shownAmount = (session: FakeSession) =>
  new Intl.NumberFormat('hu', { style: 'currency', currency: session.currency.toUpperCase() }).format(
    session.amount_total / 100,
  );

function checkoutPage(session: FakeSession) {
  const closed = session.status !== 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (local Stripe stand-in)</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;padding:24px}main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px #0002;padding:24px}
h1{font-size:18px;margin:0 0 4px}p{color:#425466}.amount{font-size:32px;font-weight:600;color:#0a2540;margin:16px 0}
button{width:100%;padding:14px;border:0;border-radius:6px;font-size:16px;margin-top:10px;cursor:pointer}.pay{background:#635bff;color:#fff}.cancel{background:#e3e8ee;color:#0a2540}
small{display:block;margin-top:16px;color:#8792a2}</style></head><body><main>
<h1>${escapeHtml(session.description)}</h1><p>${escapeHtml(session.customer_email ?? '')}</p>
<div class="amount" data-testid="fake-stripe-amount">${escapeHtml(shownAmount(session))}</div>
${
  closed
    ? `<p data-testid="fake-stripe-closed">This checkout session is ${session.status}.</p>`
    : `<form method="post" action="/checkout/${session.id}/pay"><button class="pay" data-testid="fake-stripe-pay" type="submit">Pay</button></form>
<form method="post" action="/checkout/${session.id}/cancel"><button class="cancel" data-testid="fake-stripe-cancel" type="submit">Cancel</button></form>`
}
<small>Local Stripe stand-in: no card is charged.</small></main></body></html>`;
}

export async function startFakeStripe(
  options: {
    host?: string;
    port?: number;
    webhook?: WebhookTarget;
    log?: (line: string) => void;
    /** Waits before each retry of a failed delivery (Stripe: hours; here, a moment). */
    retryDelaysMs?: readonly number[];
  } = {},
): Promise<FakeStripe> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const retries = options.retryDelaysMs ?? [500, 2000];
  const secretKey = `sk_test_local_${random(12)}`;
  const webhookSecret = `whsec_local_${random(16)}`;
  const signer = new Stripe(secretKey).webhooks;
  const sessions = new Map<string, FakeSession>();
  const events: { id: string; type: string; body: string }[] = [];
  let target: WebhookTarget | undefined = options.webhook;
  let base = '';

  const send = async (body: string): Promise<number> => {
    if (!target) return 0;
    const headers = {
      'content-type': 'application/json',
      'stripe-signature': signer.generateTestHeaderString({ payload: body, secret: webhookSecret }),
    };
    if (typeof target === 'function') return target(body, headers);
    const response = await fetch(target, { method: 'POST', headers, body });
    return response.status;
  };

  const deliver = async (body: string, id: string) => {
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      try {
        status = await send(body);
      } catch (error) {
        log(`[stripe] webhook ${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (status >= 200 && status < 300) return status;
      if (attempt >= retries.length) {
        log(`[stripe] webhook ${id} gave up after ${attempt + 1} attempts (last ${status})`);
        return status;
      }
      await new Promise((resolve) => setTimeout(resolve, retries[attempt]));
    }
  };

  const emit = async (session: FakeSession, type: string) => {
    const event = {
      id: `evt_${random(12)}`,
      object: 'event',
      api_version: '2025-01-01',
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object: session },
    };
    const body = JSON.stringify(event);
    events.push({ id: event.id, type, body });
    return { id: event.id, status: await deliver(body, event.id) };
  };

  const complete = async (session: FakeSession) => {
    if (session.status !== 'open') return session;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = `pi_${random(12)}`;
    session.url = null;
    await emit(session, 'checkout.session.completed');
    return session;
  };

  const createSession = (form: Record<string, unknown>): FakeSession => {
    const items = Object.values((form.line_items as Record<string, Record<string, unknown>>) ?? {});
    let amount = 0;
    let currency = '';
    let description = '';
    for (const item of items) {
      const price = item.price_data as Record<string, unknown>;
      amount += Number(price.unit_amount) * Number(item.quantity ?? 1);
      currency = String(price.currency);
      description ||= String((price.product_data as Record<string, unknown>)?.name ?? '');
    }
    const id = `cs_test_${random(16)}`;
    return {
      id,
      object: 'checkout.session',
      amount_total: amount,
      amount_subtotal: amount,
      currency,
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      mode: String(form.mode ?? 'payment'),
      payment_status: 'unpaid',
      status: 'open',
      success_url: String(form.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: String(form.cancel_url ?? ''),
      url: `${base}/checkout/${id}`,
      created: nowSeconds(),
      expires_at: nowSeconds() + 24 * 3600,
      livemode: false,
      payment_intent: null,
      description,
    };
  };

  const idempotent = new Map<string, FakeSession>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path.startsWith('/v1/')) {
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return json(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      if (method === 'POST' && path === '/v1/checkout/sessions') {
        const key = req.headers['idempotency-key'];
        const again = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (again) return json(res, 200, again);
        const session = createSession(parseStripeForm(await readBody(req)));
        if (!session.amount_total || !session.currency) return stripeError(res, 400, 'Missing line_items');
        sessions.set(session.id, session);
        if (typeof key === 'string') idempotent.set(key, session);
        return json(res, 200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      const session = match ? sessions.get(match[1]!) : undefined;
      if (!match || !session) return stripeError(res, 404, 'No such checkout.session', 'resource_missing');
      if (method === 'GET' && !match[2]) return json(res, 200, session);
      if (method === 'POST' && match[2]) {
        if (session.status !== 'open')
          return stripeError(res, 400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
        session.status = 'expired';
        session.url = null;
        void emit(session, 'checkout.session.expired');
        return json(res, 200, session);
      }
      return stripeError(res, 404, 'Unrecognized request URL');
    }
    const page = /^\/checkout\/([^/]+)(\/pay|\/cancel)?$/.exec(path);
    const session = page ? sessions.get(page[1]!) : undefined;
    if (!page || !session) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('No such checkout session');
      return;
    }
    if (method === 'GET' && !page[2]) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(checkoutPage(session));
      return;
    }
    if (method === 'POST' && page[2] === '/pay') {
      await complete(session);
      res.writeHead(303, { location: session.success_url });
      res.end();
      return;
    }
    if (method === 'POST' && page[2] === '/cancel') {
      res.writeHead(303, { location: session.cancel_url });
      res.end();
      return;
    }
    res.writeHead(405);
    res.end();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`[stripe] ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) json(res, 500, { error: { type: 'api_error', message: 'fake Stripe failed' } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  base = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    events,
    setWebhookTarget: (next) => {
      target = next;
    },
    pay: async (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return complete(session);
    },
    redeliver: async (eventId) => {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return deliver(event.body, event.id);
    },
    emit: async (sessionId, type) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return emit(session, type);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
