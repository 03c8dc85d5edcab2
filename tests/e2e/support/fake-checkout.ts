import type { Page } from '@playwright/test';
import { TEST_KEY_SECRET } from '../../api/support/fake-razorpay';

export const CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

/**
 * Stands in for Razorpay's checkout.js: a page overlay that shows the order, whose Pay
 * button completes like Razorpay does (razorpay_payment_id, razorpay_order_id and a
 * signature HMAC-SHA256(order_id|payment_id) keyed with the test key secret), and whose
 * Cancel calls modal.ondismiss. The browser test therefore runs our real verify path.
 */
export async function installFakeCheckout(page: Page, keySecret = TEST_KEY_SECRET): Promise<void> {
  await page.route(CHECKOUT_JS, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeCheckoutScript(keySecret) }),
  );
}

/** Makes checkout.js fail to load, as a blocked or offline gateway would. */
export async function breakCheckout(page: Page): Promise<void> {
  await page.route(CHECKOUT_JS, (route) => route.abort('failed'));
}

function fakeCheckoutScript(keySecret: string): string {
  return `(() => {
  const secret = ${JSON.stringify(keySecret)};
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
