import type { Config, Context } from '@netlify/functions';
import '../../src/server/app';
import {
  privacyCorrectionSchema,
  privacyRequestParamsSchema,
  privacyRequestSchema,
  privacyTokenQuerySchema,
  privacyWithdrawSchema,
} from '../../src/lib/schemas/privacy';
import { assertSameOrigin } from '../../src/server/auth';
import { isBot } from '../../src/server/http/honeypot';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson, readParams, readQuery } from '../../src/server/http/validate';
import { privateLinkHeaders } from '../../src/server/http/privateLink';
import { parentConfirmationSchema } from '../../src/lib/privacy/minor';
import {
  askErasure,
  confirmHold,
  holdOfLink,
  correctMyData,
  myData,
  openRequest,
  receiveRequest,
  withdrawConsent,
} from '../../src/server/privacy';

// A person's rights, self-served (docs/privacy.md, "Rights"):
//   POST  /api/privacy/requests                        { email?, phone? } -> 202, known or not
//   GET   /api/privacy/my-data/{id}?token=             -> what is stored, with consents
//   PATCH /api/privacy/my-data/{id}?token=             { name?, email?, phone? }
//   POST  /api/privacy/my-data/{id}/withdraw?token=    { purpose }
//   POST  /api/privacy/my-data/{id}/erase?token=       -> 202
//   POST  /api/privacy/parent/{id}?token=              { isParent: true, isAdult: true, consent: true }
// Every answer about a person is private: never cached, never indexed.

const privateHeaders = privateLinkHeaders;
const RECEIVED =
  'Thank you. If we hold data under this e-mail or number, a one-time link to it is on its way (by e-mail, or WhatsApp if you opted in), valid for 24 hours. If nothing arrives, we hold nothing under it.';

async function linked(req: Request, context: Context) {
  const { id } = readParams({ id: context.params?.id }, privacyRequestParamsSchema);
  const { token } = readQuery(req, privacyTokenQuerySchema);
  return openRequest(id, token);
}

const pathOf = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');

export default route({
  async GET(req, context) {
    const request = await linked(req, context);
    if (pathOf(req) !== `/api/privacy/my-data/${request.id}`) throw notFound();
    return json(await myData(request), { headers: privateHeaders });
  },
  async PATCH(req, context) {
    assertSameOrigin(req);
    const request = await linked(req, context);
    if (pathOf(req) !== `/api/privacy/my-data/${request.id}`) throw notFound();
    const change = await readJson(req, privacyCorrectionSchema);
    return json(await correctMyData(request, change), { headers: privateHeaders });
  },
  async POST(req, context) {
    assertSameOrigin(req);
    const path = pathOf(req);
    if (path === '/api/privacy/requests') {
      const { website, ...given } = await readJson(req, privacyRequestSchema);
      // The same answer for a bot, a stranger and a person we know: it says nothing about anyone.
      if (!isBot({ website })) await receiveRequest(given);
      return json({ status: 'received', message: RECEIVED }, { status: 202, headers: privateHeaders });
    }
    if (path.startsWith('/api/privacy/parent/')) {
      const { id } = readParams({ id: context.params?.id }, privacyRequestParamsSchema);
      const { token } = readQuery(req, privacyTokenQuerySchema);
      const hold = await holdOfLink(id, token);
      if (path !== `/api/privacy/parent/${hold.id}`) throw notFound();
      await readJson(req, parentConfirmationSchema);
      await confirmHold(hold);
      return json({ status: 'confirmed' }, { headers: privateHeaders });
    }
    const request = await linked(req, context);
    if (path === `/api/privacy/my-data/${request.id}/withdraw`) {
      const { purpose } = await readJson(req, privacyWithdrawSchema);
      const outcome = await withdrawConsent(request, purpose);
      return json({ status: outcome, purpose }, { status: outcome === 'erasing' ? 202 : 200, headers: privateHeaders });
    }
    if (path === `/api/privacy/my-data/${request.id}/erase`) {
      await askErasure(request);
      return json({ status: 'erasing' }, { status: 202, headers: privateHeaders });
    }
    throw notFound();
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: [
    '/api/privacy/requests',
    '/api/privacy/my-data/:id',
    '/api/privacy/my-data/:id/withdraw',
    '/api/privacy/my-data/:id/erase',
    '/api/privacy/parent/:id',
  ],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
