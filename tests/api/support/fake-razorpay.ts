// A small local server that speaks the part of Razorpay's Orders API we use
// (POST /v1/orders, GET /v1/orders/:id) with HTTP basic auth, so tests exercise
// the real client code through its one configuration seam, RAZORPAY_API_BASE_URL.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
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

export interface FakeRazorpay {
  url: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  /**
   * What happens at Razorpay when a buyer completes Checkout: a payment on the order,
   * captured (auto-capture, the order becomes paid), only authorised, or failed.
   */
  pay(orderId: string, paymentId: string, status: FakePaymentStatus): FakePayment;
  /** Captures an authorised payment, as the owner (or auto-capture) would later. */
  capture(paymentId: string): FakePayment;
  requests: { method: string; path: string; authorised: boolean }[];
  /** Makes every next call fail with this status (e.g. 500) until cleared with null. */
  failWith(status: number | null): void;
  stop(): Promise<void>;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function razorpayId(prefix: 'order' | 'pay'): string {
  const bytes = randomBytes(14);
  return `${prefix}_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const error = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA' } });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeRazorpay(keyId = TEST_KEY_ID, keySecret = TEST_KEY_SECRET, listenPort = 0): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
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
    if (!payment || payment.status !== 'authorized') throw new Error(`fake Razorpay: payment ${paymentId} is not authorised`);
    payment.status = 'captured';
    payment.captured = true;
    const order = orders.get(payment.order_id);
    if (order) settle(order);
    return payment;
  }

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const authorised = req.headers.authorization === expectedAuth;
    if (path === '/health') return send(res, 200, { ok: true });
    requests.push({ method: req.method ?? '', path, authorised });
    if (failure) return send(res, failure, error('Simulated gateway failure'));
    // Not Razorpay's API: the browser stand-in for checkout.js reports the buyer's payment here,
    // as the real Checkout does with Razorpay's servers, without the merchant's API key.
    if (req.method === 'POST' && path === '/v1/test/checkout-payments') {
      try {
        const input = JSON.parse(await readBody(req)) as { order_id: string; payment_id: string; status?: FakePaymentStatus };
        return send(res, 200, pay(input.order_id, input.payment_id, input.status ?? 'captured'));
      } catch (failure) {
        return send(res, 400, error((failure as Error).message));
      }
    }
    if (!authorised) return send(res, 401, error('The api key provided is invalid'));

    if (req.method === 'POST' && path === '/v1/orders') {
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return send(res, 400, error('The request body is not valid JSON'));
      }
      const { amount, currency, receipt, notes } = input;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) return send(res, 400, error('The amount must be atleast INR 1.00'));
      if (currency !== 'INR') return send(res, 400, error('The currency is invalid'));
      if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) return send(res, 400, error('The receipt may not be greater than 40 characters'));
      const order: FakeOrder = {
        id: razorpayId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency,
        receipt: (receipt as string | undefined) ?? null,
        status: 'created',
        attempts: 0,
        notes: (notes as Record<string, string> | undefined) ?? {},
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
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
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments,
    pay,
    capture,
    requests,
    failWith(status) {
      failure = status;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
