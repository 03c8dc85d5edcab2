import type { Config, Context } from '@netlify/functions';
import '../../src/server/app';
import { corporateEnquiryStatusPatchSchema } from '../../src/lib/schemas/corporateEnquiry';
import { requireAdmin } from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';
import { contentEtag, ifMatchChange, ifMatchOf } from '../../src/server/http/versions';
import { corporateEnquiries } from '../../src/server/leads';
import { recordIdPattern } from '../../src/server/storage/keys';

const NOT_FOUND = 'Enquiry not found.';

export default route({
  /** PATCH /api/corporate-enquiries/{id}/status: pending or contacted (the to-do's "Mark contacted"). */
  async PATCH(req, context: Context) {
    await requireAdmin(req, context);
    const id = context.params?.id ?? '';
    if (!recordIdPattern.test(id)) throw notFound(NOT_FOUND);
    const { status } = await readJson(req, corporateEnquiryStatusPatchSchema);
    const updated = await corporateEnquiries.update(
      id,
      ifMatchChange(ifMatchOf(req), 'enquiry', (current) => ({ ...current, status })),
    );
    if (!updated) throw notFound(NOT_FOUND);
    return json(updated, { headers: { etag: contentEtag(updated) } });
  },
});

// The owner's, one enquiry at a time: no platform rate limit; every call needs an admin session.
export const config: Config = {
  path: '/api/corporate-enquiries/:id/status',
};
