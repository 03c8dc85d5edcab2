import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { backgroundLabel, callRequestSchema } from '../../src/lib/schemas/callRequest';
import { createDiscoveryCall } from '../../src/server/leads';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';

export default route({
  async POST(req) {
    const { background, ...request } = await readJson(req, callRequestSchema);
    const { booking } = await createDiscoveryCall({ ...request, currentStage: backgroundLabel(background) });
    return json({ booking }, { status: 201 });
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: '/api/book-call',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
