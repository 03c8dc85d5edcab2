import { createHmac, timingSafeEqual } from 'node:crypto';

/** Razorpay's payment signature: HMAC-SHA256 of "order_id|payment_id" with the key secret, hex. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Razorpay's webhook signature: HMAC-SHA256 of the raw body with the webhook secret, hex. */
export function webhookSignature(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/**
 * Constant-time comparison of two hex signatures; anything malformed is simply "no match".
 * The lengths must be equal as text: Buffer.from(hex) silently drops an odd last digit,
 * so without this a signature with one digit appended would pass.
 */
export function signaturesMatch(expectedHex: string, receivedHex: string | null | undefined): boolean {
  if (typeof receivedHex !== 'string' || receivedHex.length !== expectedHex.length || !/^[0-9a-f]+$/i.test(receivedHex))
    return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex.toLowerCase(), 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}
