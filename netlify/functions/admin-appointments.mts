import type { Config } from '@netlify/functions';
import '../../src/server/app';
import {
  type AdminAppointmentsAnswer,
  type AppointmentOutcomeAnswer,
  type AvailabilityAnswer,
  type CalendarFeedAnswer,
  type CancelByPhoneAnswer,
  SLOT_MINUTES,
  SLOT_TIME_ZONE,
  appointmentIdSchema,
  appointmentOutcomeSchema,
  appointmentRangeSchema,
  availabilitySchema,
  bookingAppointmentQuerySchema,
  cancelByPhoneSchema,
  datesInRange,
  rescheduleSchema,
} from '../../src/lib/schemas/appointment';
import { addDays } from '../../src/lib/schedule/istClock';
import { z } from '../../src/lib/schemas/zod';
import {
  readAvailability,
  saveAvailability,
  feedSecret,
  rotateFeedSecret,
  activeAppointmentOf,
  appointmentsOnDates,
  withMeetingUrl,
} from '../../src/server/booking';
import {
  cancelAppointment,
  cancelCallsOfPhone,
  moveAppointment,
  setAppointmentOutcome,
  withWhatsAppStatuses,
} from '../../src/server/appointments';
import { requireAdmin } from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson, readParams, readQuery } from '../../src/server/http/validate';
import { siteAddress } from '../../src/server/notifications';

// The owner's calendar (docs/scheduling.md): availability, the calls in a range or of one booking,
// cancelling or moving one, and the private feed's address. Session + Origin as every admin route.

const paramsSchema = z.object({ id: appointmentIdSchema });
const pathOf = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');

/** The dates of a range the schema bounded (counted, not compared: a date past 9999 sorts below it). */
function datesBetween(from: string, to: string): string[] {
  return Array.from({ length: datesInRange({ from, to }) }, (_, index) => addDays(from, index));
}

async function availabilityAnswer(): Promise<AvailabilityAnswer> {
  const { updatedAt, ...availability } = await readAvailability();
  return { availability, updatedAt, timeZone: SLOT_TIME_ZONE, slotMinutes: SLOT_MINUTES };
}

const feedUrl = (secret: string): CalendarFeedAnswer => ({ url: `${siteAddress()}/api/calendar/${secret}.ics` });

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    const path = pathOf(req);
    if (path === '/api/admin/availability') return json(await availabilityAnswer());
    if (path === '/api/admin/calendar-feed') return json(feedUrl(await feedSecret()));
    if (path !== '/api/admin/appointments') throw notFound();
    let items;
    // One schema or the other, so a refusal names its field (a union would not).
    if (new URL(req.url).searchParams.has('bookingId')) {
      const { bookingId } = readQuery(req, bookingAppointmentQuerySchema);
      const found = await activeAppointmentOf(bookingId);
      items = found ? [found] : [];
    } else {
      const { from, to } = readQuery(req, appointmentRangeSchema);
      // Slot keys are filed by IST date, so the calls on these dates are the calls from..to.
      items = await appointmentsOnDates(datesBetween(from, to));
    }
    // An online session carries its link to join (docs/scheduling.md, "The meeting link").
    const answer: AdminAppointmentsAnswer = { items: await withWhatsAppStatuses(items.map(withMeetingUrl)) };
    return json(answer);
  },
  async PUT(req, context) {
    await requireAdmin(req, context);
    if (pathOf(req) !== '/api/admin/availability') throw notFound();
    await saveAvailability(await readJson(req, availabilitySchema));
    return json(await availabilityAnswer());
  },
  async POST(req, context) {
    await requireAdmin(req, context);
    const path = pathOf(req);
    if (path === '/api/admin/calendar-feed/rotate') return json(feedUrl(await rotateFeedSecret()));
    if (path === '/api/admin/appointments/cancel-by-phone') {
      const { phone } = await readJson(req, cancelByPhoneSchema);
      const answer: CancelByPhoneAnswer = await cancelCallsOfPhone(phone);
      return json(answer);
    }
    const { id } = readParams(context.params ?? {}, paramsSchema);
    if (path.endsWith('/cancel')) return json({ appointment: await cancelAppointment(id, 'owner') });
    if (path.endsWith('/outcome')) {
      const { outcome } = await readJson(req, appointmentOutcomeSchema);
      const answer: AppointmentOutcomeAnswer = { appointment: await setAppointmentOutcome(id, outcome) };
      return json(answer);
    }
    if (!path.endsWith('/move')) throw notFound();
    const { start } = await readJson(req, rescheduleSchema);
    return json({ appointment: await moveAppointment(id, start, 'owner') });
  },
});

export const config: Config = {
  path: [
    '/api/admin/availability',
    '/api/admin/appointments',
    '/api/admin/appointments/cancel-by-phone',
    '/api/admin/appointments/:id/cancel',
    '/api/admin/appointments/:id/move',
    '/api/admin/appointments/:id/outcome',
    '/api/admin/calendar-feed',
    '/api/admin/calendar-feed/rotate',
  ],
};
