import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { breachNoticeSchema, ownerErasureSchema } from '../../src/lib/schemas/privacy';
import { requireAdmin } from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';
import { adminPrivacyView, ownerErasure, sendBreachNotices } from '../../src/server/privacy';

// The owner's side of a person's rights (docs/privacy.md):
//   GET  /api/admin/privacy          requests with their 90-day deadline, the erasure log, retention
//   POST /api/admin/privacy/erase    { phone?, email? } -> 202: a request received by phone or e-mail
//   POST /api/admin/privacy/breach   { emails, happened, data, done, advice } -> 202: a notice to each

const pathOf = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    if (pathOf(req) !== '/api/admin/privacy') throw notFound();
    return json(await adminPrivacyView(), { headers: { 'cache-control': 'no-store' } });
  },
  async POST(req, context) {
    await requireAdmin(req, context);
    if (pathOf(req) === '/api/admin/privacy/breach') {
      const notice = await readJson(req, breachNoticeSchema);
      return json({ queued: await sendBreachNotices(notice) }, { status: 202 });
    }
    if (pathOf(req) !== '/api/admin/privacy/erase') throw notFound();
    const given = await readJson(req, ownerErasureSchema);
    const requestId = await ownerErasure(given);
    return json({ status: 'erasing', requestId }, { status: 202 });
  },
});

export const config: Config = {
  path: ['/api/admin/privacy', '/api/admin/privacy/erase', '/api/admin/privacy/breach'],
};
