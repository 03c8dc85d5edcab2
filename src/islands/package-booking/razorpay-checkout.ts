import { api } from '../../lib/api-client';
import { CHECKOUT_SCRIPT_URL } from '../../lib/razorpay';
import type { CheckoutOrder } from '../../lib/schemas/payment';

// Razorpay Checkout, loaded only when someone actually pays (docs/payments.md, step 3).

interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  // Absent when the order was made for a booking: the page fills it from what the buyer typed.
  prefill?: { name?: string; email?: string; contact?: string } | undefined;
  notes: Record<string, string>;
  theme: { color: string };
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void; confirm_close?: boolean };
}

interface RazorpayCheckout {
  open(): void;
  on(event: string, callback: (response: unknown) => void): void;
}
type RazorpayConstructor = new (options: CheckoutOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Adds checkout.js once; a failed load is forgotten so the next attempt tries again. */
export function loadCheckoutScript(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay could not be loaded'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface PaymentReceipt {
  orderId: string;
  paymentId: string;
}

/** paid: Razorpay captured the money; authorised: the bank approved it, capture still to come. */
export type PaymentOutcome =
  | { kind: 'paid'; receipt: PaymentReceipt }
  | { kind: 'authorised'; receipt: PaymentReceipt }
  | { kind: 'dismissed' }
  | { kind: 'unverified'; message: string | null };

/**
 * Opens Checkout for an order our server created and waits for the visitor. Success is
 * only "paid" once our server has verified Razorpay's signature and Razorpay says the
 * money is captured; the browser's word alone never counts.
 */
export function payOrder(Razorpay: RazorpayConstructor, order: CheckoutOrder): Promise<PaymentOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PaymentOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const checkout = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency,
      name: order.name,
      description: order.description,
      order_id: order.orderId,
      prefill: order.prefill,
      notes: { bookingId: order.bookingId, packageId: order.packageId },
      theme: order.theme,
      handler: (response) => {
        settled = true;
        api
          .post<{ paymentStatus: string }>('/api/verify-payment', {
            razorpay_order_id: response.razorpay_order_id,
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_signature: response.razorpay_signature,
          })
          .then((answer) => {
            const receipt = { orderId: response.razorpay_order_id, paymentId: response.razorpay_payment_id };
            resolve(answer.paymentStatus === 'captured' ? { kind: 'paid', receipt } : { kind: 'authorised', receipt });
          })
          .catch((error: unknown) =>
            resolve({ kind: 'unverified', message: (error as { serverMessage?: string }).serverMessage ?? null }),
          );
      },
      modal: { ondismiss: () => settle({ kind: 'dismissed' }) },
    });
    checkout.open();
  });
}
