// A small local server that speaks the part of Razorpay's API we use (Orders: POST
// /v1/orders, GET /v1/orders/:id; Payments: GET /v1/payments/:id; Payment Links: POST
// /v1/payment_links, GET /v1/payment_links/:id, POST /v1/payment_links/:id/cancel; Refunds:
// POST /v1/payments/:id/refund) with HTTP basic auth, so tests exercise the real client code
// through its one configuration seam, RAZORPAY_API_BASE_URL. A customer paying a link is
// played by payLink() (or the test-only POST /_test/payment_links/:id/pay), which then sends
// the signed webhook the way Razorpay does; a refund settling by settleRefund() (or POST
// /_test/refunds/:id/process|fail), which sends refund.processed or refund.failed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export const TEST_KEY_ID = 'rzp_test_FakeKey0001';
export const TEST_KEY_SECRET = 'test_key_secret_for_local_runs_only';
export const TEST_WEBHOOK_SECRET = 'test_webhook_secret_for_local_runs_only';

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export type FakePaymentStatus = 'authorized' | 'captured' | 'failed';

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: FakePaymentStatus;
  order_id: string;
  captured: boolean;
  method: string;
  created_at: number;
}

export type FakeLinkStatus = 'created' | 'paid' | 'expired' | 'cancelled';

export interface FakePaymentLink {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  description: string;
  reference_id: string;
  expire_by: number;
  customer: { name?: string; contact?: string; email?: string };
  notify: { sms?: boolean; email?: boolean };
  notes: Record<string, string>;
  callback_url: string | null;
  callback_method: string | null;
  short_url: string;
  status: FakeLinkStatus;
  order_id: string | null;
  payments: Array<{ payment_id: string; amount: number; status: string }> | null;
  created_at: number;
  updated_at: number;
  cancelled_at: number;
  expired_at: number;
}

export type FakeRefundStatus = 'pending' | 'processed' | 'failed';

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: FakeRefundStatus;
  speed_processed: 'normal' | null;
  speed_requested: 'normal' | 'optimum';
}

/** A webhook delivery as Razorpay sends it: the raw body and its headers. */
export interface FakeWebhookDelivery {
  event: string;
  rawBody: string;
  headers: Record<string, string>;
}

/** Where the fake sends webhooks (the site under test) and with which secret it signs them. */
export interface FakeWebhookTarget {
  url: string;
  secret: string;
}

export interface FakeRazorpay {
  url: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  links: Map<string, FakePaymentLink>;
  refunds: Map<string, FakeRefund>;
  /**
   * Razorpay settles a refund: `refund.processed` (or `refund.failed`), signed with the webhook
   * secret, is returned and POSTed to the webhook target when one is set.
   */
  settleRefund(
    refundId: string,
    outcome: 'processed' | 'failed',
  ): Promise<{ refund: FakeRefund; delivery: FakeWebhookDelivery; webhookStatus: number | null }>;
  /** The owner refunds in Razorpay's dashboard (no notes of ours): the refund, pending. */
  refundInDashboard(paymentId: string, amount?: number): FakeRefund;
  /**
   * The customer pays a payment link: its order is paid by a captured payment, the link
   * is paid, and the signed `payment_link.paid` delivery is returned (and POSTed to the
   * webhook target when one is set).
   */
  payLink(linkId: string): Promise<{
    payment: FakePayment;
    delivery: FakeWebhookDelivery;
    webhookStatus: number | null;
    redirect: string | null;
  }>;
  /** The link passes its expire_by: `payment_link.expired`, delivered like payLink's. */
  expireLink(linkId: string): Promise<{ delivery: FakeWebhookDelivery; webhookStatus: number | null }>;
  /**
   * What happens at Razorpay when a buyer completes Checkout: a payment on the order,
   * captured (auto-capture, the order becomes paid), only authorised, or failed.
   */
  pay(orderId: string, paymentId: string, status: FakePaymentStatus): FakePayment;
  /** Captures an authorised payment, as the owner (or auto-capture) would later. */
  capture(paymentId: string): FakePayment;
  requests: { method: string; path: string; authorised: boolean; body?: unknown }[];
  /** Makes every next call fail with this status (e.g. 500) until cleared with null. */
  failWith(status: number | null): void;
  /**
   * How long a refund takes to create (0 by default). While one is being created, another
   * request under its X-Refund-Idempotency key is answered 409, as Razorpay does.
   */
  slowRefunds(ms: number): void;
  stop(): Promise<void>;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function razorpayId(prefix: 'order' | 'pay' | 'plink' | 'evt' | 'rfnd'): string {
  const bytes = randomBytes(14);
  return `${prefix}_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const error = (description: string) => ({
  error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA' },
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's JSON body; undefined once it has answered 400, as Razorpay does to a body that is not JSON. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await readBody(req)) as Record<string, unknown>;
  } catch {
    send(res, 400, error('The request body is not valid JSON'));
    return undefined;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Razorpay's webhook signature (HMAC-SHA256 of the raw body, hex), computed here on the gateway's side. */
export function signWebhook(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

export async function startFakeRazorpay(
  keyId = TEST_KEY_ID,
  keySecret = TEST_KEY_SECRET,
  listenPort = 0,
  webhook: FakeWebhookTarget | null = null,
): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const links = new Map<string, FakePaymentLink>();
  const refunds = new Map<string, FakeRefund>();
  const refundKeys = new Map<string, string>();
  /** The body first sent under each X-Refund-Idempotency key: a different one under the same key is refused. */
  const refundKeyBodies = new Map<string, string>();
  const refundsInProgress = new Set<string>();
  let refundDelayMs = 0;
  let baseUrl = '';
  const requests: FakeRazorpay['requests'] = [];
  let failure: number | null = null;
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  function pay(orderId: string, paymentId: string, status: FakePaymentStatus): FakePayment {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake Razorpay: no order ${orderId}`);
    const payment: FakePayment = {
      id: paymentId,
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status,
      order_id: orderId,
      captured: status === 'captured',
      method: 'upi',
      created_at: Math.floor(Date.now() / 1000),
    };
    payments.set(paymentId, payment);
    order.attempts += 1;
    if (status === 'captured') settle(order);
    else if (order.status === 'created') order.status = 'attempted';
    return payment;
  }

  function settle(order: FakeOrder): void {
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
  }

  function capture(paymentId: string): FakePayment {
    const payment = payments.get(paymentId);
    if (!payment || payment.status !== 'authorized')
      throw new Error(`fake Razorpay: payment ${paymentId} is not authorised`);
    payment.status = 'captured';
    payment.captured = true;
    const order = orders.get(payment.order_id);
    if (order) settle(order);
    return payment;
  }

  function newOrder(
    amount: number,
    currency: string,
    receipt: string | null,
    notes: Record<string, string>,
  ): FakeOrder {
    const order: FakeOrder = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      status: 'created',
      attempts: 0,
      notes,
      created_at: nowSeconds(),
    };
    orders.set(order.id, order);
    return order;
  }

  const linkEntity = (link: FakePaymentLink) => structuredClone(link);

  function webhookOf(event: string, payload: Record<string, unknown>): FakeWebhookDelivery {
    const rawBody = JSON.stringify({
      entity: 'event',
      account_id: 'acc_TestAccount01',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: nowSeconds(),
    });
    return {
      event,
      rawBody,
      headers: { 'content-type': 'application/json', 'x-razorpay-event-id': razorpayId('evt') },
    };
  }

  /** Signs a delivery (for tests that deliver it themselves) and POSTs it when a target is set. */
  async function deliverWebhook(
    delivery: FakeWebhookDelivery,
    secret = webhook?.secret ?? TEST_WEBHOOK_SECRET,
  ): Promise<number | null> {
    delivery.headers['x-razorpay-signature'] = signWebhook(delivery.rawBody, secret);
    if (!webhook) return null;
    const response = await fetch(webhook.url, { method: 'POST', headers: delivery.headers, body: delivery.rawBody });
    await response.arrayBuffer();
    return response.status;
  }

  function openLink(linkId: string): FakePaymentLink {
    const link = links.get(linkId);
    if (!link) throw new Error(`fake Razorpay: no payment link ${linkId}`);
    if (link.status !== 'created') throw new Error(`fake Razorpay: payment link ${linkId} is ${link.status}`);
    return link;
  }

  async function payLink(linkId: string) {
    const link = openLink(linkId);
    // Razorpay makes an order for the link when the customer opens it; the payment settles it.
    const order = newOrder(link.amount, link.currency, null, link.notes);
    const payment = pay(order.id, razorpayId('pay'), 'captured');
    link.status = 'paid';
    link.amount_paid = link.amount;
    link.order_id = order.id;
    link.payments = [{ payment_id: payment.id, amount: payment.amount, status: 'captured' }];
    link.updated_at = nowSeconds();
    const delivery = webhookOf('payment_link.paid', {
      payment_link: { entity: linkEntity(link) },
      order: { entity: { ...order } },
      payment: { entity: { ...payment, email: link.customer.email ?? null, contact: link.customer.contact ?? null } },
    });
    const webhookStatus = await deliverWebhook(delivery);
    return { payment, delivery, webhookStatus, redirect: callbackRedirect(link, payment.id) };
  }

  /** Where Razorpay sends the customer after paying: the callback_url with its parameters, signed with the key secret. */
  function callbackRedirect(link: FakePaymentLink, paymentId: string): string | null {
    if (!link.callback_url) return null;
    const url = new URL(link.callback_url);
    const signed = `${link.id}|${link.reference_id}|${link.status}|${paymentId}`;
    url.searchParams.set('razorpay_payment_id', paymentId);
    url.searchParams.set('razorpay_payment_link_id', link.id);
    url.searchParams.set('razorpay_payment_link_reference_id', link.reference_id);
    url.searchParams.set('razorpay_payment_link_status', link.status);
    url.searchParams.set('razorpay_signature', createHmac('sha256', keySecret).update(signed).digest('hex'));
    return url.toString();
  }

  async function expireLink(linkId: string) {
    const link = openLink(linkId);
    link.status = 'expired';
    link.expired_at = nowSeconds();
    link.updated_at = link.expired_at;
    const delivery = webhookOf('payment_link.expired', { payment_link: { entity: linkEntity(link) } });
    const webhookStatus = await deliverWebhook(delivery);
    return { delivery, webhookStatus };
  }

  function createLink(input: Record<string, unknown>): FakePaymentLink | string {
    const {
      amount,
      currency,
      reference_id: referenceId,
      expire_by: expireBy,
      callback_url: callbackUrl,
      callback_method: callbackMethod,
    } = input;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
      return 'The amount must be atleast INR 1.00';
    if (currency !== 'INR') return 'The currency is invalid';
    if (typeof referenceId !== 'string' || referenceId.length > 40)
      return 'The reference id may not be greater than 40 characters';
    if ([...links.values()].some((link) => link.reference_id === referenceId))
      return `Payment Link with reference id ${referenceId} already exists`;
    const now = nowSeconds();
    if (typeof expireBy !== 'number' || expireBy < now + 15 * 60)
      return 'expire_by should be at least 15 minutes after current time';
    if (callbackUrl !== undefined && callbackMethod !== 'get')
      return 'callback_method must be get when callback_url is set';
    const id = razorpayId('plink');
    const link: FakePaymentLink = {
      id,
      amount,
      amount_paid: 0,
      currency,
      accept_partial: Boolean(input.accept_partial),
      description: String(input.description ?? ''),
      reference_id: referenceId,
      expire_by: expireBy,
      customer: (input.customer as FakePaymentLink['customer']) ?? {},
      notify: (input.notify as FakePaymentLink['notify']) ?? {},
      notes: (input.notes as Record<string, string>) ?? {},
      callback_url: typeof callbackUrl === 'string' ? callbackUrl : null,
      callback_method: typeof callbackMethod === 'string' ? callbackMethod : null,
      short_url: `${baseUrl}/i/${id.slice(6, 14)}`,
      status: 'created',
      order_id: null,
      payments: null,
      created_at: now,
      updated_at: now,
      cancelled_at: 0,
      expired_at: 0,
    };
    links.set(id, link);
    return link;
  }

  /** Razorpay's refund rules: only captured payments, at least ₹1, never more than is left (failed refunds give theirs back). */
  function createRefund(paymentId: string, input: Record<string, unknown>): FakeRefund | string {
    const payment = payments.get(paymentId);
    if (!payment) return 'The id provided does not exist';
    if (payment.status !== 'captured')
      return 'The payment has not been captured. Only captured payments can be refunded';
    const taken = [...refunds.values()]
      .filter((refund) => refund.payment_id === paymentId && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = input.amount ?? payment.amount - taken;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
      return 'The refund amount must be atleast INR 1.00';
    if (taken + amount > payment.amount) return 'The refund amount provided is greater than amount captured';
    const { receipt, speed, notes } = input;
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40))
      return 'The receipt may not be greater than 40 characters';
    if (speed !== undefined && speed !== 'normal' && speed !== 'optimum') return 'The selected speed is invalid';
    const refund: FakeRefund = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: paymentId,
      notes: (notes as Record<string, string> | undefined) ?? {},
      receipt: (receipt as string | undefined) ?? null,
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: 'pending',
      speed_processed: null,
      speed_requested: (speed as 'normal' | 'optimum' | undefined) ?? 'normal',
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  async function settleRefund(refundId: string, outcome: 'processed' | 'failed') {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`fake Razorpay: no refund ${refundId}`);
    if (refund.status !== 'pending') throw new Error(`fake Razorpay: refund ${refundId} is ${refund.status}`);
    refund.status = outcome;
    refund.speed_processed = outcome === 'processed' ? 'normal' : null;
    const payment = payments.get(refund.payment_id)!;
    const refunded = [...refunds.values()]
      .filter((one) => one.payment_id === payment.id && one.status === 'processed')
      .reduce((sum, one) => sum + one.amount, 0);
    const delivery = webhookOf(`refund.${outcome}`, {
      refund: { entity: { ...refund } },
      payment: {
        entity: {
          ...payment,
          amount_refunded: refunded,
          refund_status: refunded === 0 ? null : refunded === payment.amount ? 'full' : 'partial',
        },
      },
    });
    const webhookStatus = await deliverWebhook(delivery);
    return { refund, delivery, webhookStatus };
  }

  function refundInDashboard(paymentId: string, amount?: number): FakeRefund {
    const refund = createRefund(paymentId, amount === undefined ? {} : { amount });
    if (typeof refund === 'string') throw new Error(`fake Razorpay: ${refund}`);
    return refund;
  }

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const authorised = req.headers.authorization === expectedAuth;
    if (path === '/health') return send(res, 200, { ok: true });
    requests.push({ method: req.method ?? '', path, authorised });
    if (failure) return send(res, failure, error('Simulated gateway failure'));
    // Not Razorpay's API: the customer pays a payment link (or it expires), and the fake
    // sends Razorpay's signed webhook to the site, as the real gateway does.
    const testLink = /^\/_test\/payment_links\/([^/]+)\/(pay|expire)$/.exec(path);
    const testRefund = /^\/_test\/refunds\/([^/]+)\/(process|fail)$/.exec(path);
    if (req.method === 'POST' && testRefund) {
      try {
        const outcome = await settleRefund(
          decodeURIComponent(testRefund[1] ?? ''),
          testRefund[2] === 'process' ? 'processed' : 'failed',
        );
        return send(res, 200, { event: outcome.delivery.event, webhookStatus: outcome.webhookStatus });
      } catch (failure) {
        return send(res, 400, error((failure as Error).message));
      }
    }
    if (req.method === 'POST' && testLink) {
      try {
        const linkId = decodeURIComponent(testLink[1] ?? '');
        const outcome = testLink[2] === 'pay' ? await payLink(linkId) : await expireLink(linkId);
        return send(res, 200, {
          event: outcome.delivery.event,
          webhookStatus: outcome.webhookStatus,
          redirect: 'redirect' in outcome ? outcome.redirect : null,
        });
      } catch (failure) {
        return send(res, 400, error((failure as Error).message));
      }
    }
    // Not Razorpay's API: the browser stand-in for checkout.js reports the buyer's payment here,
    // as the real Checkout does with Razorpay's servers, without the merchant's API key.
    if (req.method === 'POST' && path === '/v1/test/checkout-payments') {
      try {
        const input = JSON.parse(await readBody(req)) as {
          order_id: string;
          payment_id: string;
          status?: FakePaymentStatus;
        };
        return send(res, 200, pay(input.order_id, input.payment_id, input.status ?? 'captured'));
      } catch (failure) {
        return send(res, 400, error((failure as Error).message));
      }
    }
    if (!authorised) return send(res, 401, error('The api key provided is invalid'));

    if (req.method === 'POST' && path === '/v1/payment_links') {
      const input = await readJson(req, res);
      if (!input) return;
      requests[requests.length - 1]!.body = input;
      const link = createLink(input);
      return typeof link === 'string' ? send(res, 400, error(link)) : send(res, 200, linkEntity(link));
    }
    const linkMatch = /^\/v1\/payment_links\/([^/]+?)(\/cancel)?$/.exec(path);
    if (linkMatch) {
      const link = links.get(decodeURIComponent(linkMatch[1] ?? ''));
      if (!link) return send(res, 400, error('The id provided does not exist'));
      if (req.method === 'GET' && !linkMatch[2]) return send(res, 200, linkEntity(link));
      if (req.method === 'POST' && linkMatch[2]) {
        if (link.status !== 'created')
          return send(res, 400, error(`Payment Link cannot be cancelled as it is already ${link.status}`));
        link.status = 'cancelled';
        link.cancelled_at = nowSeconds();
        link.updated_at = link.cancelled_at;
        return send(res, 200, linkEntity(link));
      }
    }

    const refundMatch = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refundMatch) {
      const input = await readJson(req, res);
      if (!input) return;
      requests[requests.length - 1]!.body = input;
      // X-Refund-Idempotency: the same key and body is the same refund, however often it is
      // sent; a repeat while the first is still being processed is 409; another body under
      // the key is 400.
      const key = req.headers['x-refund-idempotency'];
      if (typeof key === 'string') {
        const body = JSON.stringify(input);
        const firstBody = refundKeyBodies.get(key);
        if (firstBody !== undefined && firstBody !== body)
          return send(res, 400, error('Different request with the same idempotency key has already been processed.'));
        if (refundsInProgress.has(key))
          return send(res, 409, error('A request with the same idempotency key is being processed.'));
        const earlier = refunds.get(refundKeys.get(key) ?? '');
        if (earlier) return send(res, 200, earlier);
        refundKeyBodies.set(key, body);
        refundsInProgress.add(key);
      }
      if (refundDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, refundDelayMs));
      const refund = createRefund(decodeURIComponent(refundMatch[1] ?? ''), input);
      if (typeof key === 'string') {
        refundsInProgress.delete(key);
        if (typeof refund === 'string') refundKeyBodies.delete(key);
        else refundKeys.set(key, refund.id);
      }
      if (typeof refund === 'string') return send(res, 400, error(refund));
      return send(res, 200, refund);
    }
    if (req.method === 'POST' && path === '/v1/orders') {
      const input = await readJson(req, res);
      if (!input) return;
      const { amount, currency, receipt, notes } = input;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
        return send(res, 400, error('The amount must be atleast INR 1.00'));
      if (currency !== 'INR') return send(res, 400, error('The currency is invalid'));
      if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40))
        return send(res, 400, error('The receipt may not be greater than 40 characters'));
      const order = newOrder(
        amount,
        currency,
        (receipt as string | undefined) ?? null,
        (notes as Record<string, string> | undefined) ?? {},
      );
      return send(res, 200, order);
    }
    const paymentMatch = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && paymentMatch) {
      const payment = payments.get(decodeURIComponent(paymentMatch[1] ?? ''));
      return payment ? send(res, 200, payment) : send(res, 400, error('The id provided does not exist'));
    }
    const match = /^\/v1\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const order = orders.get(decodeURIComponent(match[1] ?? ''));
      return order ? send(res, 200, order) : send(res, 400, error('The id provided does not exist'));
    }
    return send(res, 404, error('The requested URL was not found on the server.'));
  });

  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    orders,
    payments,
    links,
    refunds,
    settleRefund,
    refundInDashboard,
    payLink,
    expireLink,
    pay,
    capture,
    requests,
    failWith(status) {
      failure = status;
    },
    slowRefunds(ms) {
      refundDelayMs = ms;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
