import type { Config } from '@netlify/functions';
import { HttpError, notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readLimited } from '../../src/server/http/validate';
import { whatsappConfig } from '../../src/server/whatsapp';
import { answerVerification, handleWhatsAppWebhook as handleWebhookDelivery } from '../../src/server/app';

/** Meta batches statuses; a delivery of a thousand is well under this. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/** Without the WhatsApp settings there is no webhook: nothing is read, nothing stored. */
function configured() {
  const config = whatsappConfig();
  if (!config.enabled) throw notFound('WhatsApp is not configured on this site.');
  return config;
}

export default route({
  GET(req) {
    const config = configured();
    const challenge = answerVerification(new URL(req.url).searchParams, config.verifyToken);
    return new Response(challenge, {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  },
  async POST(req) {
    const config = configured();
    // The signature covers the exact bytes Meta sent, so read text, never re-serialise.
    const rawBody = await readLimited(req, MAX_WEBHOOK_BYTES);
    const summary = await handleWebhookDelivery(rawBody, req.headers.get('x-hub-signature-256'), config.appSecret);
    if (summary.busy > 0)
      throw new HttpError(503, 'Part of this delivery is being handled right now; send it again.', undefined, {
        'retry-after': '60',
      });
    return json({ received: true, ...summary });
  },
});

// Meta's servers call this in bursts: a generous limit; every POST still needs a valid signature to change anything.
export const config: Config = {
  path: '/api/whatsapp-webhook',
  rateLimit: { windowLimit: 600, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
