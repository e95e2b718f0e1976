import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One request as Stripe would read it: the form-encoded body parsed into nested objects. */
export type FakeStripeRequest = {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Array<{ id: string; object: 'subscription_item'; price: { id: string } }> };
};

export type FakeInvoice = {
  id: string;
  object: 'invoice';
  customer: string;
  number: string;
  created: number;
  amount_due: number;
  currency: string;
  status: string;
  invoice_pdf: string;
  hosted_invoice_url: string;
};

export type FakeStripe = {
  /** For STRIPE_API_URL. */
  url: string;
  /** Every request, in order, replays included. */
  requests: FakeStripeRequest[];
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  /** Meter events Stripe kept: one per identifier, as Stripe dedupes them. */
  meterEvents: Map<string, { customer: string; value: number; eventName: string }>;
  /** The next `count` meter event requests are kept but answered 500, as if the answer was lost. */
  failMeterEvents: (count: number) => void;
  /** While true, meter events are kept but never answered: the caller waits, as when it dies mid-call. */
  holdMeterEvents: (isHeld: boolean) => void;
  /** Checkout paid: the subscription exists, and (with a webhook target) its events are posted. */
  completeCheckout: (
    sessionId: string,
  ) => Promise<{ subscription: FakeSubscription; session: Record<string, unknown> }>;
  /** A Stripe event signed as Stripe signs it (`stripe.webhooks.generateTestHeaderString`). */
  signedEvent: (
    type: string,
    object: Record<string, unknown>,
    options?: { secret?: string; created?: number },
  ) => { payload: string; signature: string; id: string };
  /** Posts an event to the webhook target; answers the status. */
  sendEvent: (type: string, object: Record<string, unknown>) => Promise<number>;
  setWebhookTarget: (target: { url: string; secret: string }) => void;
  close: () => Promise<void>;
};

/** `a[b][0][c]=1` into `{ a: { b: [{ c: '1' }] } }`, as Stripe reads its form-encoded bodies. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else {
        const nextIsIndex = /^\d+$/.test(parts[index + 1]!);
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const signer = new Stripe('sk_test_signer_only');

/**
 * A local stand-in for the Stripe API (STRIPE_API_URL), implementing only what Leadbell calls:
 * customers, Checkout sessions, subscriptions (retrieve, update), billing portal sessions,
 * invoices (list, retrieve), billing meter events, and for `billing:setup` meters, products and
 * prices. It honours `Idempotency-Key` as Stripe does
 * (the same key answers the first response again) and keeps one meter event per identifier.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const meterEvents: FakeStripe['meterEvents'] = new Map();
  const sessions = new Map<string, Record<string, unknown>>();
  const meters = new Map<string, Record<string, unknown>>();
  const products = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, Record<string, unknown>>();
  const remember = (store: Map<string, Record<string, unknown>>, object: Record<string, unknown> & { id: string }) => {
    store.set(object.id, object);
    return { status: 200, body: object };
  };
  const replies = new Map<string, { status: number; body: unknown }>();
  let meterFailures = 0;
  let isHoldingMeterEvents = false;
  let counter = 0;
  let target: { url: string; secret: string } | null = null;
  const nextId = (prefix: string) => `${prefix}_fake${(counter += 1)}`;
  let baseUrl = '';

  function answer(request: FakeStripeRequest): { status: number; body: unknown } {
    const { method, path, body } = request;
    if (method === 'POST' && path === '/v1/customers')
      return { status: 200, body: { id: nextId('cus'), object: 'customer', ...body } };
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs');
      const session = { id, object: 'checkout.session', url: `${baseUrl}/checkout/${id}`, status: 'open', ...body };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions')
      return {
        status: 200,
        body: { id: nextId('bps'), object: 'billing_portal.session', url: `${baseUrl}/portal`, ...body },
      };
    const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (subscription) {
      const found = subscriptions.get(subscription[1]!);
      if (!found)
        return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such subscription' } } };
      if (method === 'POST') {
        const items = body.items as Array<{ id: string; price: string }> | undefined;
        for (const item of items ?? []) {
          const existing = found.items.data.find((candidate) => candidate.id === item.id);
          if (existing) existing.price = { id: item.price };
        }
        if (body.cancel_at_period_end !== undefined) found.cancel_at_period_end = body.cancel_at_period_end === 'true';
      }
      return { status: 200, body: found };
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = [...invoices.values()].filter((invoice) => invoice.customer === request.query.customer);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
    }
    const invoice = /^\/v1\/invoices\/([\w-]+)$/.exec(path);
    if (method === 'GET' && invoice) {
      const found = invoices.get(invoice[1]!);
      return found
        ? { status: 200, body: found }
        : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such invoice' } } };
    }
    if (path === '/v1/billing/meters')
      return method === 'POST'
        ? remember(meters, { id: nextId('mtr'), object: 'billing.meter', status: 'active', ...body })
        : { status: 200, body: { object: 'list', data: [...meters.values()], has_more: false, url: path } };
    const product = /^\/v1\/products\/([\w-]+)$/.exec(path);
    if (method === 'GET' && product) {
      const found = products.get(product[1]!);
      return found
        ? { status: 200, body: found }
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such product' } },
          };
    }
    if (method === 'POST' && path === '/v1/products')
      return remember(products, { object: 'product', ...body, id: String(body.id ?? nextId('prod')) });
    if (path === '/v1/prices') {
      if (method === 'POST') return remember(prices, { id: nextId('price'), object: 'price', active: true, ...body });
      const keys = (request.query.lookup_keys as string[] | undefined) ?? [];
      const data = [...prices.values()].filter((price) => keys.includes(String(price.lookup_key)));
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    if (method === 'POST' && path === '/v1/billing/meter_events') {
      const payload = body.payload as { stripe_customer_id: string; value: string };
      const identifier = String(body.identifier);
      if (!meterEvents.has(identifier))
        meterEvents.set(identifier, {
          customer: payload.stripe_customer_id,
          value: Number(payload.value),
          eventName: String(body.event_name),
        });
      if (meterFailures > 0) {
        meterFailures -= 1;
        return { status: 500, body: { error: { type: 'api_error', message: 'The answer was lost.' } } };
      }
      return { status: 200, body: { object: 'billing.meter_event', identifier, ...body } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unknown ${method} ${path}` } } };
  }

  const server = http.createServer((incoming, outgoing) => {
    let raw = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (raw += chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      if (incoming.method === 'GET' && url.pathname.startsWith('/checkout/')) {
        outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        outgoing.end(
          `<!doctype html><html lang="en"><head><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1><form method="post" action="${url.pathname}/pay"><button type="submit">Pay</button></form></main></body></html>`,
        );
        return;
      }
      const pay = /^\/checkout\/([\w-]+)\/pay$/.exec(url.pathname);
      if (incoming.method === 'POST' && pay) {
        void completeCheckout(pay[1]!).then(
          ({ session }) => {
            outgoing.writeHead(303, { location: String(session.success_url) });
            outgoing.end();
          },
          (error: unknown) => {
            outgoing.writeHead(500, { 'content-type': 'text/plain' });
            outgoing.end(String(error));
          },
        );
        return;
      }
      const idempotencyKey = (incoming.headers['idempotency-key'] as string | undefined) ?? null;
      const request: FakeStripeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: parseStripeForm(url.search.slice(1)),
        body: parseStripeForm(raw),
        idempotencyKey,
      };
      requests.push(request);
      const replayKey = idempotencyKey && `${request.method} ${request.path} ${idempotencyKey}`;
      const reply = (replayKey && replies.get(replayKey)) || answer(request);
      if (isHoldingMeterEvents && request.path === '/v1/billing/meter_events') return;
      if (replayKey && reply.status < 500) replies.set(replayKey, reply);
      outgoing.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': nextId('req') });
      outgoing.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function signedEvent(
    type: string,
    object: Record<string, unknown>,
    {
      secret = target?.secret ?? '',
      created = Math.floor(Date.now() / 1000),
    }: { secret?: string; created?: number } = {},
  ) {
    const id = nextId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created,
      api_version: '2026-10-28.endive',
      livemode: false,
      data: { object },
    });
    return { id, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  async function sendEvent(type: string, object: Record<string, unknown>): Promise<number> {
    if (!target) throw new Error('The fake Stripe has no webhook target.');
    const event = signedEvent(type, object);
    const response = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    return response.status;
  }

  async function completeCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No Checkout session ${sessionId}`);
    const lineItems = session.line_items as Array<{ price: string }>;
    const subscription: FakeSubscription = {
      id: nextId('sub'),
      object: 'subscription',
      customer: String(session.customer),
      status: 'active',
      cancel_at_period_end: false,
      metadata: (session.metadata as Record<string, string>) ?? {},
      items: {
        object: 'list',
        data: lineItems.map((item) => ({ id: nextId('si'), object: 'subscription_item', price: { id: item.price } })),
      },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', subscription: subscription.id });
    if (target) {
      await sendEvent('customer.subscription.created', { ...subscription });
      await sendEvent('checkout.session.completed', { ...session });
    }
    return { subscription, session };
  }

  return {
    url: baseUrl,
    requests,
    subscriptions,
    invoices,
    meterEvents,
    failMeterEvents: (count) => (meterFailures = count),
    holdMeterEvents: (isHeld) => (isHoldingMeterEvents = isHeld),
    completeCheckout,
    signedEvent,
    sendEvent,
    setWebhookTarget: (next) => (target = next),
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
