import type { Config } from '@netlify/functions';
import { appointmentIdSchema, manageQuerySchema } from '../../src/lib/schemas/appointment';
import { meetingUrlOf, readAppointment, signedLinkTokenValid } from '../../src/server/booking';
import { route } from '../../src/server/http/route';
import { readParams, readQuery } from '../../src/server/http/validate';
import { z } from '../../src/lib/schemas/zod';

// GET /api/join/{id}?token=: an online session's room, through the site's own signed link
// (docs/scheduling.md, "The meeting link"). It answers with the room the session is held at
// now, so a reminder sent before Google gave a Meet link still leads there, and WhatsApp's
// Join button (whose start must be the site's address) can carry it. Anything else is a short
// page that says what to do, never where another session is held.

const paramsSchema = z.object({ id: appointmentIdSchema });
const privateHeaders = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

function page(status: number, words: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Join your session</title></head><body><main><h1>Join your session</h1><p>${words}</p></main></body></html>`;
  return new Response(html, { status, headers: { ...privateHeaders, 'content-type': 'text/html; charset=utf-8' } });
}

export default route({
  async GET(req, context) {
    const { id } = readParams(context.params ?? {}, paramsSchema);
    const { token } = readQuery(req, manageQuerySchema);
    if (!(await signedLinkTokenValid('join', id, token)))
      return page(404, 'This link is not valid. Open your client space from the mail we sent you.');
    const appointment = await readAppointment(id);
    const room = appointment?.session && appointment.status === 'confirmed' ? meetingUrlOf(appointment) : undefined;
    if (!room)
      return page(
        404,
        'This session is not held online or is no longer booked. Your client space shows your sessions and how to reach us.',
      );
    return new Response(null, { status: 302, headers: { ...privateHeaders, location: room } });
  },
});

export const config: Config = {
  path: '/api/join/:id',
};
