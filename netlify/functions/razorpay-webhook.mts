import type { Config } from '@netlify/functions';
import { HttpError } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { webhookSecret } from '../../src/server/payments/config';
import { handleWebhook } from '../../src/server/payments/webhook';

const MAX_WEBHOOK_BYTES = 256 * 1024;

export default route({
  async POST(req) {
    const secret = webhookSecret();
    // The signature covers the exact bytes Razorpay sent, so read text, never re-serialise.
    const rawBody = await req.text();
    if (rawBody.length > MAX_WEBHOOK_BYTES) throw new HttpError(413, 'The webhook body is too large.');
    const outcome = await handleWebhook(
      { rawBody, signature: req.headers.get('x-razorpay-signature'), eventId: req.headers.get('x-razorpay-event-id') },
      secret,
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
