import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { corporateEnquiryRequestSchema } from '../../src/lib/schemas/corporateEnquiry';
import { requireAdmin } from '../../src/server/auth';
import { decoyRecord, isBot } from '../../src/server/http/honeypot';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readJson, readQuery } from '../../src/server/http/validate';
import { consentOfSubmission, corporateEnquiries } from '../../src/server/leads';

export default route({
  async POST(req) {
    const { website, whatsappOptIn, ...details } = await readJson(req, corporateEnquiryRequestSchema);
    const enquiry = { ...details, ...consentOfSubmission('answer-request', whatsappOptIn) };
    if (isBot({ website })) return json({ id: decoyRecord(enquiry).id }, { status: 201 });
    const stored = await corporateEnquiries.create(enquiry);
    return json({ id: stored.id }, { status: 201 });
  },
  async GET(req, context) {
    await requireAdmin(req, context);
    return json(await corporateEnquiries.list(readQuery(req, pageQuerySchema)));
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: '/api/corporate-enquiries',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
