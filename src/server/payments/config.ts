import { env } from '../env';
import { serviceUnavailable } from '../http/errors';

export const RAZORPAY_DEFAULT_API = 'https://api.razorpay.com';

export interface GatewayKeys {
  keyId: string;
  keySecret: string;
  apiBaseUrl: string;
}

/**
 * Razorpay keys come from the environment only (DECISIONS 14). RAZORPAY_API_BASE_URL
 * is the one seam for tests and advanced setups (a local server speaking the Orders API).
 */
export function gatewayKeys(): GatewayKeys {
  const keyId = env('RAZORPAY_KEY_ID');
  const keySecret = env('RAZORPAY_KEY_SECRET');
  if (!keyId || !keySecret) {
    throw serviceUnavailable('Online payments are not set up yet (RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are missing). Nothing was charged.');
  }
  const apiBaseUrl = (env('RAZORPAY_API_BASE_URL') ?? RAZORPAY_DEFAULT_API).replace(/\/+$/, '');
  return { keyId, keySecret, apiBaseUrl };
}

export function webhookSecret(): string {
  const secret = env('RAZORPAY_WEBHOOK_SECRET');
  if (!secret) throw serviceUnavailable('Payment webhooks are not set up yet (RAZORPAY_WEBHOOK_SECRET is missing).');
  return secret;
}
