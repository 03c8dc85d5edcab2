import type { Config } from '@netlify/functions';
import { notificationParamsSchema, notificationsQuerySchema } from '../../src/lib/schemas/notifications';
import { requireAdmin } from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readParams, readQuery } from '../../src/server/http/validate';
import { listNotifications, resendNotification } from '../../src/server/app';

const isResend = (req: Request) => /\/resend\/?$/.test(new URL(req.url).pathname);

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    if (isResend(req)) throw notFound();
    return json(await listNotifications(readQuery(req, notificationsQuerySchema)));
  },
  /** POST /api/admin/notifications/{id}/resend (requireAdmin checks the Origin of a POST). */
  async POST(req, context) {
    await requireAdmin(req, context);
    if (!isResend(req)) throw notFound();
    const { id } = readParams(context.params ?? {}, notificationParamsSchema);
    return json(await resendNotification(id), { status: 202 });
  },
});

export const config: Config = {
  path: ['/api/admin/notifications', '/api/admin/notifications/:id/resend'],
};
