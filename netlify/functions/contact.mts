import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { contactRequestSchema } from '../../src/lib/schemas/contact';
import { requireAdmin } from '../../src/server/auth';
import { consentOfSubmission, contacts } from '../../src/server/leads';
import { decoyRecord, isBot } from '../../src/server/http/honeypot';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readJson, readQuery } from '../../src/server/http/validate';

export default route({
  async POST(req) {
    const { website, whatsappOptIn, ...details } = await readJson(req, contactRequestSchema);
    const lead = { ...details, ...consentOfSubmission('answer-request', whatsappOptIn) };
    if (isBot({ website })) return json({ contact: decoyRecord(lead) }, { status: 201 });
    const contact = await contacts.create(lead);
    return json({ contact }, { status: 201 });
  },
  async GET(req, context) {
    await requireAdmin(req, context);
    const page = readQuery(req, pageQuerySchema);
    return json(await contacts.list(page));
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
