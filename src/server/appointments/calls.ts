import { type Appointment, type AppointmentNotice, MAX_HORIZON_DAYS } from '../../lib/schemas/appointment';
import { addDays, istDateOf } from '../../lib/schedule/istClock';
import type { Attribution } from '../../lib/schemas/attribution';
import type { WhatsappConsent } from '../../lib/whatsappConsent';
import {
  CALL,
  appointmentsOnDates,
  cancel,
  changeable,
  claimBooking,
  holdTime,
  moveTo,
  offeredTime,
  readAppointment,
  recordAppointmentNotice,
  releaseBooking,
  removeAppointment,
  slotHolder,
  slotKey,
  writeNewAppointment,
} from '../booking';
import { badRequest, conflict } from '../http/errors';
import { phoneKey } from '../indexes/search/personKeys';
import { sourceKey } from '../sources';
import { eachUntil } from '../storage/eachUntil';
import { newestFirstKey } from '../storage/keys';
import { claimUpcoming, refuseIfBooked, releaseUpcoming } from './upcoming';

// Booking, moving and cancelling a discovery call on the booking engine (src/server/booking):
// what is a call's own is one active call per request (its booking claim) and one upcoming
// call per phone number and per mailbox (upcoming.ts).

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

/** A booking claim this old with no call behind it belongs to a request that died. */
const ABANDONED_AFTER_MS = 60_000;

/** Whether a confirmed call holds its slot (a call whose request died before the slot was taken does not). */
async function holdsItsSlot(appointment: Appointment): Promise<boolean> {
  if (appointment.status !== 'confirmed') return false;
  return (await slotHolder(slotKey(Date.parse(appointment.start)))) === appointment.id;
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
  const time = await offeredTime(start, now, CALL);
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
    start: time.slot.start,
    end: time.end,
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
  await holdTime(id, time.keys, CALL, now, async () => {
    await releaseUpcoming(visitor, id);
    await Promise.all([removeAppointment(id), releaseBooking(booking.id, id)]);
  });
  await recordAppointmentNotice('booked', 'visitor', appointment, null);
  return appointment;
}

/** Moves a call to another free slot: new slot first, then the record, then the old slot is freed. */
export async function moveAppointment(
  id: string,
  start: string,
  by: AppointmentNotice['by'],
  now: Date = new Date(),
): Promise<Appointment> {
  const found = await changeable(id, 'call', by, now);
  // A missed call moved to a new time has not been held or missed yet (its no-show stays counted).
  return moveTo(found, start, by, now, (moved) => ({ ...moved, outcome: undefined }));
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
  const found = await changeable(id, 'call', by, now);
  return cancel(found, by, now, () => releaseBooking(found.appointment.bookingId, id));
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
