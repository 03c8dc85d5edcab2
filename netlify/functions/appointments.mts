import type { Config, Context } from '@netlify/functions';
import '../../src/server/app';
import {
  type ManageAnswer,
  appointmentIdSchema,
  appointmentRequestSchema,
  manageQuerySchema,
  rescheduleSchema,
} from '../../src/lib/schemas/appointment';
import { BOOKED_TIME_SOURCE, backgroundLabel } from '../../src/lib/schemas/callRequest';
import { visitorMayChange, manageTokenValid, readAppointment } from '../../src/server/booking';
import {
  type BookingRef,
  type BookingToMake,
  bookAppointment,
  cancelAppointment,
  moveAppointment,
  visitorIcs,
  manageUrl,
  publicAppointment,
  countNewCall,
  pruneNewCallWindows,
} from '../../src/server/appointments';
import { assertSameOrigin } from '../../src/server/auth';
import { bookings, createDiscoveryCall, openCallBackOf } from '../../src/server/leads';
import { afterResponse } from '../../src/server/http/afterResponse';
import { decoyRecord, isBot } from '../../src/server/http/honeypot';
import { badRequest, notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson, readParams, readQuery } from '../../src/server/http/validate';
import { z } from '../../src/lib/schemas/zod';

// POST /api/appointments books a call; the visitor's manage link (a signed token) reads,
// moves and cancels it: /api/appointments/{id}?token=, .../reschedule, .../cancel, .../invite.ics

const paramsSchema = z.object({ id: appointmentIdSchema });
const action = (req: Request) => /\/(reschedule|cancel|invite\.ics)\/?$/.exec(new URL(req.url).pathname)?.[1] ?? null;

/** The appointment id a manage link names; 404 for a wrong token, as for an unknown id. */
async function managedId(req: Request, context: Context): Promise<string> {
  const { id } = readParams(context.params ?? {}, paramsSchema);
  const { token } = readQuery(req, manageQuerySchema);
  if (!(await manageTokenValid(id, token))) throw notFound('No such appointment.');
  return id;
}

/** The appointment behind a manage link (a change reads it itself, for its conditional write). */
async function managed(req: Request, context: Context) {
  const appointment = await readAppointment(await managedId(req, context));
  if (!appointment) throw notFound('No such appointment.');
  return appointment;
}

const privateHeaders = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };

export default route({
  async POST(req, context) {
    assertSameOrigin(req);
    const which = action(req);
    if (which === 'reschedule' || which === 'cancel') {
      const id = await managedId(req, context);
      if (which === 'cancel')
        return json(
          { appointment: await publicAppointment(await cancelAppointment(id, 'visitor')) },
          { headers: privateHeaders },
        );
      const { start } = await readJson(req, rescheduleSchema);
      return json(
        { appointment: await publicAppointment(await moveAppointment(id, start, 'visitor')) },
        { headers: privateHeaders },
      );
    }
    if (context.params?.id) throw notFound();
    const body = await readJson(req, appointmentRequestSchema);
    const { start } = body;
    if (isBot(body))
      return json(
        {
          appointment: {
            ...decoyRecord({ bookingId: decoyRecord({}).id, start, end: start, status: 'confirmed' }),
            manageUrl: '',
          },
        },
        { status: 201 },
      );
    await countNewCall(context.ip);
    await afterResponse('prune new-call counts', () => pruneNewCallWindows());
    let booking: BookingRef | BookingToMake;
    if ('bookingId' in body) {
      const found = await bookings.get(body.bookingId);
      if (!found || found.bookingType !== 'discovery_call')
        throw badRequest('That request is not a discovery call booking.', { bookingId: 'Unknown booking' });
      booking = found;
    } else {
      const { name, phone, email, background, attribution, whatsappOptIn } = body;
      // Their call-back request, when they made one: the call is its call (one person, one thread).
      const open = await openCallBackOf({ phone, email });
      booking = open ?? {
        mobile: phone,
        ...(email ? { email } : {}),
        make: async () =>
          (
            await createDiscoveryCall({
              name,
              phone,
              ...(email ? { email } : {}),
              currentStage: background
                ? backgroundLabel(background)
                : 'Not given (booked a time from the contact form)',
              source: BOOKED_TIME_SOURCE,
              ...(attribution ? { attribution } : {}),
              ...(whatsappOptIn === undefined ? {} : { whatsappOptIn }),
            })
          ).booking,
      };
    }
    const appointment = await bookAppointment(booking, start);
    return json({ appointment: await publicAppointment(appointment) }, { status: 201, headers: privateHeaders });
  },
  async GET(req, context) {
    const appointment = await managed(req, context);
    if (action(req) === 'invite.ics') {
      return new Response(visitorIcs(appointment, await manageUrl(appointment)), {
        headers: {
          ...privateHeaders,
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': 'attachment; filename="ccc-edu-discovery-call.ics"',
        },
      });
    }
    if (action(req) !== null) throw notFound();
    const answer: ManageAnswer = {
      appointment: await publicAppointment(appointment),
      changeable: visitorMayChange(appointment, new Date()),
    };
    return json(answer, { headers: privateHeaders });
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: [
    '/api/appointments',
    '/api/appointments/:id',
    '/api/appointments/:id/reschedule',
    '/api/appointments/:id/cancel',
    '/api/appointments/:id/invite.ics',
  ],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
