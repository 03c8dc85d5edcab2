import type { Config } from '@netlify/functions';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readLimited } from '../../src/server/http/validate';
import { webhookSecret } from '../../src/server/payments';
import { handleRazorpayWebhook as handleWebhook } from '../../src/server/app';

const MAX_WEBHOOK_BYTES = 256 * 1024;

export default route({
  async POST(req) {
    const secret = webhookSecret();
    // The signature covers the exact bytes Razorpay sent, so read text, never re-serialise.
    // The limit is enforced in bytes while reading: an oversized body is never buffered whole.
    const rawBody = await readLimited(req, MAX_WEBHOOK_BYTES);
    const outcome = await handleWebhook(
      { rawBody, signature: req.headers.get('x-razorpay-signature'), eventId: req.headers.get('x-razorpay-event-id') },
      secret,
      new Date(),
    );
    return json({ received: true, ...outcome });
  },
});

// Razorpay's servers call this in bursts from few addresses: a generous limit,
// every request still has to carry a valid signature to change anything.
export const config: Config = {
  path: '/api/razorpay-webhook',
  rateLimit: { windowLimit: 600, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
