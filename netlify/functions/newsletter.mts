import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { subscribeRequestSchema } from '../../src/lib/schemas/subscriber';
import { requireAdmin } from '../../src/server/auth';
import { isBot } from '../../src/server/http/honeypot';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readJson, readQuery } from '../../src/server/http/validate';
import { subscribe, subscribers } from '../../src/server/leads';

export default route({
  async POST(req) {
    const { website, email, attribution } = await readJson(req, subscribeRequestSchema);
    // New, already subscribed and bot all get the same answer: a duplicate is not
    // an error (docs/decisions/0007-newsletter-subscribes-for-real.md), and the answer
    // must not reveal who is on the list.
    // Only a new address is news: a repeat sign-up changes nothing (subscribe announces the new one).
    if (!isBot({ website })) await subscribe(email, new Date(), attribution);
    return json({ subscribed: true }, { status: 200 });
  },
  async GET(req, context) {
    await requireAdmin(req, context);
    return json(await subscribers.list(readQuery(req, pageQuerySchema)));
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: '/api/newsletter',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
