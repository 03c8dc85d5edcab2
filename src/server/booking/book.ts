import { business } from '../../lib/business';
import {
  type Appointment,
  type AppointmentNotice,
  type Availability,
  MAX_HORIZON_DAYS,
  type Slot,
  defaultAvailability,
} from '../../lib/schemas/appointment';
import { addDays, istDateOf } from '../../lib/schedule/istClock';
import type { Attribution } from '../../lib/schemas/attribution';
import type { WhatsappConsent } from '../../lib/whatsappConsent';
import { sourceKey } from '../sources';
import { bookableDates, freeSlots, offeredSlot } from '../../lib/schedule/slots';
import { newEventId } from '../followUp/events';
import { recordFollowUp } from '../followUp/publish';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { phoneKey } from '../indexes/search/personKeys';
import { eachUntil } from '../storage/eachUntil';
import { newestFirstKey } from '../storage/keys';
import { readAvailability } from './availability';
import {
  appointmentsOnDates,
  claimBooking,
  claimSlot,
  readAppointment,
  readAppointmentForUpdate,
  releaseBooking,
  releaseSlot,
  removeAppointment,
  replaceAppointment,
  slotHolder,
  slotKey,
  takenOnDates,
  writeNewAppointment,
} from './store';
import { claimUpcoming, refuseIfBooked, releaseUpcoming } from './upcoming';

// Booking, moving and cancelling a call. Each change takes the new slot with a create-only
// write first (the one place two visitors can race), then writes the record, then frees
// the old slot; invites and reminders are a follow-up event, done after the response.

/** A slot that was free when the visitor looked and is taken now: 409 with the slots free now, so the picker offers them at once. */
export class SlotTakenError extends HttpError {
  constructor(slots: Slot[]) {
    super(409, 'That time has just been taken. Please pick another one.', undefined, undefined, { slots });
  }
}

export interface SlotsNow {
  slots: Slot[];
  availability: Availability;
}

/** Days listed before the availability is known (the picker asks for 14). */
const FIRST_DAYS = 14;

/**
 * The calendar now, for calls and sessions alike: the availability and a listing of taken keys
 * per day, side by side (no appointment is read). Days beyond the first 14 are listed once the
 * horizon says so.
 */
export async function calendarNow(
  now: Date,
  days?: number,
): Promise<{ availability: Availability; taken: Awaited<ReturnType<typeof takenOnDates>> }> {
  const first = bookableDates(
    { ...defaultAvailability, horizonDays: MAX_HORIZON_DAYS },
    { now, days: Math.min(days ?? FIRST_DAYS, FIRST_DAYS) },
  );
  const [availability, takenFirst] = await Promise.all([readAvailability(), takenOnDates(first)]);
  const dates = bookableDates(availability, { now, days });
  const rest = dates.filter((date) => !first.includes(date));
  const taken = rest.length > 0 ? [...takenFirst, ...(await takenOnDates(rest))] : takenFirst;
  return { availability, taken };
}

/** The free call slots now. */
export async function currentSlots(now: Date = new Date(), days?: number): Promise<SlotsNow> {
  const { availability, taken } = await calendarNow(now, days);
  return { slots: freeSlots(availability, taken, { now, days }), availability };
}

/** The offered slot at `start`; 409 when it was taken meanwhile, 400 when it is not on offer at all. */
async function slotOnOffer(start: string, now: Date, except?: { startMs: number }): Promise<Slot> {
  const { slots, availability } = await currentSlots(now);
  const free = offeredSlot(slots, start);
  if (free) return free;
  // As if nothing were booked: tells a taken slot from one never offered.
  const inGrid = offeredSlot(freeSlots(availability, [], { now }), start);
  if (inGrid && except && Date.parse(inGrid.start) === except.startMs) {
    throw new HttpError(400, 'The call is at that time already.', { start: 'Pick a different time' });
  }
  if (inGrid) throw new SlotTakenError(slots);
  throw new HttpError(400, 'That time is not offered. Pick one of the free slots.', { start: 'Not an offered slot' });
}

/** Records a change's follow-up event: its invites, mails and reminders are sent after the response. */
export function recordAppointmentNotice(
  change: AppointmentNotice['change'],
  by: AppointmentNotice['by'],
  appointment: Appointment,
  previousStart: string | null,
) {
  return recordFollowUp({
    id: newEventId(),
    recordedAt: new Date().toISOString(),
    record: null,
    counts: null,
    person: null,
    lead: null,
    appointment: { change, by, appointment, previousStart },
  });
}

export interface BookingRef {
  id: string;
  fullName: string;
  mobile: string;
  email?: string | undefined;
  whatsappConsent?: WhatsappConsent | undefined;
  attribution?: Attribution | undefined;
}

/** A booking still to be made (the contact form's details), and who it is for. */
export interface BookingToMake {
  mobile: string;
  email?: string | undefined;
  make(): Promise<BookingRef>;
}

/**
 * Books the slot at `start` for a booking: one winner per slot, one active call per booking,
 * one upcoming call per phone number and per mailbox. A booking still to be made is made
 * once the time is known to be on offer and the visitor has no call yet, so a refused
 * request stores nothing.
 */
export async function bookAppointment(
  source: BookingRef | BookingToMake,
  start: string,
  now: Date = new Date(),
): Promise<Appointment> {
  const slot = await slotOnOffer(start, now);
  const visitor = { phone: source.mobile, email: source.email ?? null };
  await refuseIfBooked(visitor, now);
  const booking = 'make' in source ? await source.make() : source;
  const id = newestFirstKey(now.getTime());
  const existing = await claimBooking(booking.id, id, now);
  if (existing) {
    const current = existing.appointmentId ? await readAppointment(existing.appointmentId) : null;
    if (current && (await holdsItsSlot(current))) {
      throw conflict('This request already has a call booked. Use the link in its confirmation to move it.');
    }
    // A cancelled call's claim, or one whose request died before its slot was taken (given
    // a minute to finish): clear it and claim again.
    if (!current && now.getTime() - Date.parse(existing.at) < ABANDONED_AFTER_MS)
      throw conflict('This request is booking a call right now.');
    await releaseBooking(booking.id, existing.appointmentId);
    if (await claimBooking(booking.id, id, now)) throw conflict('This request already has a call booked.');
  }
  const at = now.toISOString();
  const appointment: Appointment = {
    id,
    bookingId: booking.id,
    start: slot.start,
    end: slot.end,
    status: 'confirmed',
    sequence: 0,
    version: id,
    name: booking.fullName,
    phone: booking.mobile,
    email: booking.email ?? null,
    createdAt: at,
    updatedAt: at,
    cancelledBy: null,
    ...(booking.whatsappConsent ? { whatsappConsent: booking.whatsappConsent } : {}),
    leadSource: sourceKey(booking.attribution),
  };
  // The record first, then the person's claims, then the slot: a claim or a slot key always
  // names a stored appointment, so a request that dies half way never blocks a time or a
  // person for long. A refusal gives the claims back while the record still stands.
  await writeNewAppointment(appointment);
  try {
    await claimUpcoming(visitor, id, now);
  } catch (error) {
    await Promise.all([removeAppointment(id), releaseBooking(booking.id, id)]);
    throw error;
  }
  if (!(await claimSlot(Date.parse(slot.start), id))) {
    await releaseUpcoming(visitor, id);
    await Promise.all([removeAppointment(id), releaseBooking(booking.id, id)]);
    throw new SlotTakenError((await currentSlots(now)).slots);
  }
  await recordAppointmentNotice('booked', 'visitor', appointment, null);
  return appointment;
}

/** A booking claim this old with no call behind it belongs to a request that died. */
const ABANDONED_AFTER_MS = 60_000;

/** Whether a confirmed call holds its slot (a call whose request died before the slot was taken does not). */
async function holdsItsSlot(appointment: Appointment): Promise<boolean> {
  if (appointment.status !== 'confirmed') return false;
  return (await slotHolder(slotKey(Date.parse(appointment.start)))) === appointment.id;
}

/**
 * Whether a visitor may still change the call themselves (until 24 hours before, docs/scheduling.md). A call the
 * owner marked a no-show may be moved to a new time: its re-book message links here.
 */
export function visitorMayChange(appointment: Pick<Appointment, 'status' | 'start' | 'outcome'>, now: Date): boolean {
  if (appointment.status !== 'confirmed') return false;
  return (
    appointment.outcome === 'no-show' ||
    Date.parse(appointment.start) - now.getTime() >= business.promises.rescheduleNoticeHours * 3_600_000
  );
}

/** The 403 of a change within the notice period: it names the phone and WhatsApp (business.ts). */
export const lateChangeMessage = (what: 'Calls' | 'Sessions') =>
  `${what} can be moved or cancelled online until ${business.promises.rescheduleNoticeHours} hours before. ` +
  `Please call ${business.contact.phone} or WhatsApp +${business.contact.whatsappNumber} instead.`;

async function changeable(id: string, by: AppointmentNotice['by'], now: Date) {
  const found = await readAppointmentForUpdate(id);
  if (!found) throw notFound('No such appointment.');
  // A paid session holds several slot keys and a seat of its client: it changes through src/server/clients.
  if (found.appointment.session) throw notFound('No such appointment.');
  if (found.appointment.status !== 'confirmed') throw conflict('This call has been cancelled.');
  if (by === 'visitor' && !visitorMayChange(found.appointment, now))
    throw new HttpError(403, lateChangeMessage('Calls'));
  return found;
}

/** Moves a call to another free slot: new slot first, then the record, then the old slot is freed. */
export async function moveAppointment(
  id: string,
  start: string,
  by: AppointmentNotice['by'],
  now: Date = new Date(),
): Promise<Appointment> {
  const { appointment, etag } = await changeable(id, by, now);
  const oldStart = Date.parse(appointment.start);
  const slot = await slotOnOffer(start, now, { startMs: oldStart });
  const startMs = Date.parse(slot.start);
  if (!(await claimSlot(startMs, id))) throw new SlotTakenError((await currentSlots(now)).slots);
  const moved: Appointment = {
    ...appointment,
    start: slot.start,
    end: slot.end,
    sequence: appointment.sequence + 1,
    version: newestFirstKey(now.getTime()),
    updatedAt: now.toISOString(),
    // A Confirm on WhatsApp was for the old time (docs/whatsapp.md); the new time's reminders ask again.
    visitorConfirmedAt: undefined,
    // A missed call moved to a new time has not been held or missed yet (its no-show stays counted).
    outcome: undefined,
  };
  if (!(await replaceAppointment(moved, etag))) {
    await releaseSlot(startMs, id);
    throw conflict('This call was changed at the same moment. Please reload and try again.');
  }
  await releaseSlot(oldStart, id);
  await recordAppointmentNotice('moved', by, moved, appointment.start);
  return moved;
}

/** The appointment as cancelled (pure): a new version and sequence, so its invite is withdrawn and its reminders lapse. Calls and sessions alike. */
export function cancelledAppointment(appointment: Appointment, by: AppointmentNotice['by'], now: Date): Appointment {
  return {
    ...appointment,
    status: 'cancelled',
    sequence: appointment.sequence + 1,
    version: newestFirstKey(now.getTime()),
    updatedAt: now.toISOString(),
    cancelledBy: by,
  };
}

/**
 * Cancels a call and frees its slot (and its booking, which may book again). Its phone's
 * and mailbox's claims name a cancelled call now, so they count no more.
 */
export async function cancelAppointment(
  id: string,
  by: AppointmentNotice['by'],
  now: Date = new Date(),
): Promise<Appointment> {
  const { appointment, etag } = await changeable(id, by, now);
  const cancelled = cancelledAppointment(appointment, by, now);
  if (!(await replaceAppointment(cancelled, etag)))
    throw conflict('This call was changed at the same moment. Please reload and try again.');
  await Promise.all([releaseSlot(Date.parse(appointment.start), id), releaseBooking(appointment.bookingId, id)]);
  await recordAppointmentNotice('cancelled', by, cancelled, null);
  return cancelled;
}

/** Calls start at most this many IST dates ahead: the longest horizon, and today and a day's slack. */
const UPCOMING_DATES = MAX_HORIZON_DAYS + 2;
/** Cancels run a few at a time: each writes its record, frees its slot and queues its notices. */
const CANCELS_AT_ONCE = 6;

/**
 * The owner's "cancel every call of this number" (docs/scheduling.md): every upcoming call whose phone
 * is this one (by its last 10 digits), each cancelled as the owner's cancel is, with its
 * notices. A call changed at the same moment is counted as failed and left as it is.
 */
export async function cancelCallsOfPhone(
  phone: string,
  now: Date = new Date(),
): Promise<{ cancelled: number; failed: number }> {
  const wanted = phoneKey(phone);
  if (!wanted)
    throw badRequest('Give a phone number with at least 10 digits.', {
      phone: 'Enter a valid phone number with at least 10 digits',
    });
  const today = istDateOf(now.getTime());
  const dates = Array.from({ length: UPCOMING_DATES }, (_, index) => addDays(today, index));
  const calls = (await appointmentsOnDates(dates)).filter(
    (call) => !call.session && phoneKey(call.phone) === wanted && Date.parse(call.start) > now.getTime(),
  );
  let cancelled = 0;
  let failed = 0;
  await eachUntil(calls, CANCELS_AT_ONCE, Infinity, async (call) => {
    try {
      await cancelAppointment(call.id, 'owner');
      cancelled += 1;
    } catch (error) {
      failed += 1;
      console.error('[appointments] cancel by phone: one call could not be cancelled', error);
    }
  });
  return { cancelled, failed };
}
