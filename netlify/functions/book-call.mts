import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { backgroundLabel, callRequestSchema } from '../../src/lib/schemas/callRequest';
import { createDiscoveryCall } from '../../src/server/leads';
import { isBot } from '../../src/server/http/honeypot';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';
import { holdChildCall } from '../../src/server/privacy';

export default route({
  async POST(req) {
    const { background, minor, parentName, parentPhone, parentEmail, ...request } = await readJson(
      req,
      callRequestSchema,
    );
    const currentStage = backgroundLabel(background);
    // A student under 18: nothing is stored as a lead until a parent confirms (docs/privacy.md, "Students and parents").
    if (minor && parentName && parentPhone) {
      if (!isBot({ website: request.website }))
        await holdChildCall({ ...request, currentStage, parentName, parentPhone, parentEmail });
      return json({ status: 'awaiting-parent' }, { status: 202 });
    }
    const { booking } = await createDiscoveryCall({ ...request, currentStage });
    return json({ booking }, { status: 201 });
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: '/api/book-call',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
