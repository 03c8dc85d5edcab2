import { env, isLocalServer } from '../env';
import { RAZORPAY_API_ORIGIN } from '../../lib/razorpay';
import { serviceUnavailable } from '../http/errors';

export const RAZORPAY_DEFAULT_API = RAZORPAY_API_ORIGIN;

export interface GatewayKeys {
  keyId: string;
  keySecret: string;
  apiBaseUrl: string;
}

/**
 * Razorpay keys come from the environment only
 * (docs/decisions/0014-payment-keys-from-environment.md). RAZORPAY_API_BASE_URL
 * is the one seam for tests (a local server speaking the Orders API); a deployed site
 * ignores it, so a stray variable can never send live keys and orders elsewhere.
 */
export function gatewayKeys(): GatewayKeys {
  const keyId = env('RAZORPAY_KEY_ID');
  const keySecret = env('RAZORPAY_KEY_SECRET');
  if (!keyId || !keySecret) {
    throw serviceUnavailable(
      'Online payments are not set up yet (RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are missing). Nothing was charged.',
    );
  }
  const override = isLocalServer() ? env('RAZORPAY_API_BASE_URL') : undefined;
  const apiBaseUrl = (override ?? RAZORPAY_DEFAULT_API).replace(/\/+$/, '');
  return { keyId, keySecret, apiBaseUrl };
}

export function webhookSecret(): string {
  const secret = env('RAZORPAY_WEBHOOK_SECRET');
  if (!secret) throw serviceUnavailable('Payment webhooks are not set up yet (RAZORPAY_WEBHOOK_SECRET is missing).');
  return secret;
}
