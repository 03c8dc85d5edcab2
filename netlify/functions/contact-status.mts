import type { Config, Context } from '@netlify/functions';
import '../../src/server/app';
import { contactStatusPatchSchema } from '../../src/lib/schemas/contact';
import { requireAdmin } from '../../src/server/auth';
import { contactEtag, setContactStatus } from '../../src/server/leads';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';
import { ifMatchOf } from '../../src/server/http/versions';
import { recordIdPattern } from '../../src/server/storage/keys';

const NOT_FOUND = 'Message not found.';

export default route({
  /** PATCH /api/contacts/{id}/status: pending or contacted (the to-do's "Mark contacted"). */
  async PATCH(req, context: Context) {
    await requireAdmin(req, context);
    const id = context.params?.id ?? '';
    if (!recordIdPattern.test(id)) throw notFound(NOT_FOUND);
    const { status } = await readJson(req, contactStatusPatchSchema);
    const updated = await setContactStatus(id, status, ifMatchOf(req));
    if (!updated) throw notFound(NOT_FOUND);
    return json(updated, { headers: { etag: contactEtag(updated) } });
  },
});

// The owner's, one message at a time: no platform rate limit; every call needs an admin session.
export const config: Config = {
  path: '/api/contacts/:id/status',
};
