import type { Page } from '@playwright/test';
import { TEST_KEY_SECRET, type FakePaymentStatus } from '../../api/support/fake-razorpay';
import { CHECKOUT_SCRIPT_URL, RAZORPAY_API_ORIGIN } from '../../../src/lib/razorpay';
import { fakeRazorpayUrl } from './ports';

export const CHECKOUT_JS = CHECKOUT_SCRIPT_URL;
// Real Checkout talks to Razorpay's API from the page; the stand-in does the same to
// record the buyer's payment, and the test routes Razorpay's API to the local fake.
const RAZORPAY_API = RAZORPAY_API_ORIGIN;

export interface FakeCheckoutOptions {
  keySecret?: string;
  /** What Razorpay makes of the payment: captured (auto-capture), or only authorised. */
  paymentStatus?: FakePaymentStatus;
}

/**
 * Stands in for Razorpay's checkout.js: a page overlay that shows the order, whose Pay
 * button completes like Razorpay does (razorpay_payment_id, razorpay_order_id and a
 * signature HMAC-SHA256(order_id|payment_id) keyed with the test key secret), and whose
 * Cancel calls modal.ondismiss. Before answering, Pay records the payment at the fake
 * Razorpay API, so the browser test runs our real verify path against Razorpay's state.
 */
export async function installFakeCheckout(
  page: Page,
  { keySecret = TEST_KEY_SECRET, paymentStatus = 'captured' }: FakeCheckoutOptions = {},
): Promise<void> {
  await page.route(CHECKOUT_JS, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      body: fakeCheckoutScript(keySecret, paymentStatus),
    }),
  );
  await page.route(`${RAZORPAY_API}/v1/test/checkout-payments`, async (route) => {
    const answer = await fetch(`${fakeRazorpayUrl}/v1/test/checkout-payments`, {
      method: 'POST',
      body: route.request().postData() ?? '',
    });
    await route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await answer.text(),
    });
  });
}

/** Makes checkout.js fail to load, as a blocked or offline gateway would. */
export async function breakCheckout(page: Page): Promise<void> {
  await page.route(CHECKOUT_JS, (route) => route.abort('failed'));
}

function fakeCheckoutScript(keySecret: string, paymentStatus: FakePaymentStatus): string {
  return `(() => {
  const secret = ${JSON.stringify(keySecret)};
  const paymentStatus = ${JSON.stringify(paymentStatus)};
  const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
  async function sign(text) {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  }
  function paymentId() {
    const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    return 'pay_' + Array.from(crypto.getRandomValues(new Uint8Array(14)), (b) => abc[b % abc.length]).join('');
  }
  class Razorpay {
    constructor(options) { this.options = options; this.handlers = {}; }
    on(event, callback) { this.handlers[event] = callback; }
    open() {
      const o = this.options;
      const overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-label', 'Razorpay test checkout');
      overlay.dataset.testid = 'fake-razorpay';
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:grid;place-items:center;font:16px system-ui';
      const box = document.createElement('div');
      box.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:12px;min-width:300px';
      const line = (text, id) => { const p = document.createElement('p'); p.textContent = text; if (id) p.dataset.testid = id; box.append(p); };
      line(o.name + ' · ' + o.description);
      line('Order ' + o.order_id, 'fake-razorpay-order');
      line('Amount ' + o.currency + ' ' + (o.amount / 100).toFixed(2), 'fake-razorpay-amount');
      line('Contact ' + ((o.prefill && o.prefill.contact) || '') + ((o.prefill && o.prefill.email) ? ' · ' + o.prefill.email : ''), 'fake-razorpay-prefill');
      const pay = document.createElement('button');
      pay.textContent = 'Pay';
      const cancel = document.createElement('button');
      cancel.textContent = 'Cancel';
      box.append(pay, cancel);
      overlay.append(box);
      document.body.append(overlay);
      pay.addEventListener('click', async () => {
        const id = paymentId();
        await fetch('${RAZORPAY_API}/v1/test/checkout-payments', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ order_id: o.order_id, payment_id: id, status: paymentStatus }),
        });
        const signature = await sign(o.order_id + '|' + id);
        overlay.remove();
        o.handler({ razorpay_payment_id: id, razorpay_order_id: o.order_id, razorpay_signature: signature });
      });
      cancel.addEventListener('click', () => {
        overlay.remove();
        if (o.modal && o.modal.ondismiss) o.modal.ondismiss();
      });
    }
  }
  window.Razorpay = Razorpay;
})();`;
}
