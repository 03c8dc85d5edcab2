import { business } from '../../lib/business';
import {
  type Appointment,
  type AppointmentNotice,
  type Availability,
  MAX_HORIZON_DAYS,
  type Slot,
  defaultAvailability,
  nextVersion,
} from '../../lib/schemas/appointment';
import { addDays, istDateOf, istIso, istMidnight } from '../../lib/schedule/istClock';
import { freeSessionSlots, sessionHeldStarts } from '../../lib/schedule/sessionSlots';
import {
  type TakenInterval,
  bookableDates,
  clearOfBusy,
  freeSlots,
  offeredSlot,
  withoutOwnTime,
} from '../../lib/schedule/slots';
import { recordNotice } from '../followUp/publish';
import { HttpError, conflict, notFound } from '../http/errors';
import { newestFirstKey } from '../storage/keys';
import { readAvailability } from './availability';
import { busyBetween } from './busy';
import {
  type VersionedAppointment,
  claimSlotKey,
  readAppointmentForUpdate,
  releaseSlotKey,
  replaceAppointment,
  slotKey,
  takenOnDates,
} from './store';

// The booking engine (docs/scheduling.md): what a discovery call and a client's session
// share. Offering a time, taking it, the change policy, moving and cancelling are done here
// once; a call (src/server/appointments) and a session (src/server/clients) add only what is
// theirs: a call's one-per-request and one-per-phone claims, a session's seat.
//
// A time is a list of slot keys, each taken with a create-only write in order (on any loss
// what was taken is given back): a call holds one key, a session as many as its length
// covers, so a time is never held twice across calls and sessions. Invites, mails and
// reminders are a follow-up event, done after the response.

/** What is booked: a discovery call's one slot, or a session of `minutes`. */
export type Length = { kind: 'call' } | { kind: 'session'; minutes: number };
export const CALL: Length = { kind: 'call' };

const words = {
  call: {
    what: 'Calls',
    missing: 'No such appointment.',
    cancelled: 'This call has been cancelled.',
    same: 'The call is at that time already.',
    notOffered: ['That time is not offered. Pick one of the free slots.', 'Not an offered slot'],
    changedMeanwhile: 'This call was changed at the same moment. Please reload and try again.',
  },
  session: {
    what: 'Sessions',
    missing: 'No such session.',
    cancelled: 'This session has been cancelled.',
    same: 'The session is at that time already.',
    notOffered: ['That time is not offered. Pick one of the free times.', 'Not an offered time'],
    changedMeanwhile: 'This session was changed at the same moment. Please reload and try again.',
  },
} as const;

/** A time that was free when the visitor looked and is taken now: 409 with the times free now, so the picker offers them at once. */
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

const slotsOf = (
  availability: Availability,
  taken: readonly TakenInterval[],
  length: Length,
  now: Date,
  days?: number,
) =>
  length.kind === 'call'
    ? freeSlots(availability, taken, { now, days })
    : freeSessionSlots(availability, taken, {
        now,
        days,
        minutes: length.minutes,
      });

/**
 * The owner's busy times elsewhere over the days asked (all the longest horizon when none is
 * said: read side by side with the availability, which says the horizon), once per request.
 */
async function busyOver(now: Date, days?: number): Promise<TakenInterval[]> {
  const end = istMidnight(addDays(istDateOf(now.getTime()), days ?? MAX_HORIZON_DAYS));
  const busy = await busyBetween(now, new Date(end));
  return busy.map((interval) => ({ start: interval.start.getTime(), end: interval.end.getTime() }));
}

/**
 * The free times of this length now, as if the keys `except` (an appointment's own, when it
 * moves) were free, clear of the owner's busy times in every installed calendar (docs/scheduling.md)
 * but the moving appointment's own time (`ownTime`), which its own event there holds.
 */
export async function freeTimes(
  now: Date,
  length: Length,
  days?: number,
  except: readonly string[] = [],
  ownTime?: TakenInterval,
): Promise<SlotsNow> {
  const [{ availability, taken }, listedBusy] = await Promise.all([calendarNow(now, days), busyOver(now, days)]);
  const others = except.length ? taken.filter((slot) => !except.includes(slot.key)) : taken;
  const busy = ownTime ? withoutOwnTime(listedBusy, ownTime) : listedBusy;
  const slots = clearOfBusy(slotsOf(availability, others, length, now, days), busy, availability.bufferMinutes);
  return { slots, availability };
}

/** The free call slots now. */
export const currentSlots = (now: Date = new Date(), days?: number): Promise<SlotsNow> => freeTimes(now, CALL, days);

/** The slot keys a time of this length starting at `startMs` holds. */
const keysAt = (availability: Availability, startMs: number, length: Length): string[] =>
  length.kind === 'call' ? [slotKey(startMs)] : sessionHeldStarts(availability, startMs, length.minutes).map(slotKey);

/** The slot keys a stored appointment holds. */
export const keysHeldBy = (appointment: Appointment): readonly string[] =>
  appointment.session ? appointment.session.slotKeys : [slotKey(Date.parse(appointment.start))];

export interface OfferedTime {
  slot: Slot;
  /** Where the appointment ends: a call's slot, or the session's length. */
  end: string;
  keys: string[];
}

/**
 * The offered time at `start`; 409 with fresh times when it was taken meanwhile (by a booking or
 * by a busy time in the owner's calendar), 400 when never offered or when it is `own`'s time already. A call's own slot counts as taken, so a move
 * never offers the time it is at; a session's own keys are left out, as its new time may
 * overlap its old one.
 */
export async function offeredTime(
  start: string,
  now: Date,
  length: Length,
  own?: { keys: readonly string[]; startMs: number; endMs: number },
): Promise<OfferedTime> {
  const said = words[length.kind];
  const except = length.kind === 'session' ? (own?.keys ?? []) : [];
  const ownTime = own ? { start: own.startMs, end: own.endMs } : undefined;
  const { slots, availability } = await freeTimes(now, length, undefined, except, ownTime);
  const slot = offeredSlot(slots, start);
  if (slot) {
    if (own && Date.parse(slot.start) === own.startMs)
      throw new HttpError(400, said.same, { start: 'Pick a different time' });
    const startMs = Date.parse(slot.start);
    const end = length.kind === 'call' ? slot.end : istIso(startMs + length.minutes * 60_000);
    return { slot, end, keys: keysAt(availability, startMs, length) };
  }
  // As if nothing were booked: tells a taken time from one never offered.
  const inGrid = offeredSlot(slotsOf(availability, [], length, now), start);
  if (inGrid && length.kind === 'call' && own && Date.parse(inGrid.start) === own.startMs)
    throw new HttpError(400, said.same, { start: 'Pick a different time' });
  if (inGrid) throw new SlotTakenError(slots);
  throw new HttpError(400, said.notOffered[0], { start: said.notOffered[1] });
}

/** Takes the keys in order for the appointment; on a loss gives back what it took and answers false. */
export async function takeTime(keys: readonly string[], appointmentId: string): Promise<boolean> {
  const taken: string[] = [];
  for (const key of keys) {
    if (await claimSlotKey(key, appointmentId)) {
      taken.push(key);
      continue;
    }
    await freeTime(taken, appointmentId);
    return false;
  }
  return true;
}

/** Frees the keys the appointment holds (a key another appointment holds now is left alone). */
export const freeTime = (keys: readonly string[], appointmentId: string) =>
  Promise.all(keys.map((key) => releaseSlotKey(key, appointmentId)));

/**
 * Takes the time of a stored new appointment; on a loss runs `undo` (the record and whatever
 * the caller claimed) and answers 409 with the times free now.
 */
export async function holdTime(
  appointmentId: string,
  keys: readonly string[],
  length: Length,
  now: Date,
  undo: () => Promise<unknown>,
): Promise<void> {
  if (await takeTime(keys, appointmentId)) return;
  await undo();
  throw new SlotTakenError((await freeTimes(now, length)).slots);
}

/** Records a change's follow-up event: its invites, mails and reminders are sent after the response. */
export function recordAppointmentNotice(
  change: AppointmentNotice['change'],
  by: AppointmentNotice['by'],
  appointment: Appointment,
  previousStart: string | null,
) {
  return recordNotice({ appointment: { change, by, appointment, previousStart } });
}

/**
 * Whether a visitor may still change the appointment themselves (until 24 hours before,
 * docs/scheduling.md). A call the owner marked a no-show may be moved to a new time: its
 * re-book message links here.
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

/**
 * The confirmed appointment `id` of this kind, read for a change: 404 when there is none (or
 * `belongs` says it is someone else's), 409 once cancelled, 403 within the notice period when
 * the visitor asks.
 */
export async function changeable(
  id: string,
  kind: Length['kind'],
  by: AppointmentNotice['by'],
  now: Date,
  belongs: (appointment: Appointment) => boolean = () => true,
): Promise<VersionedAppointment> {
  const said = words[kind];
  const found = await readAppointmentForUpdate(id);
  if (!found || (found.appointment.session ? 'session' : 'call') !== kind || !belongs(found.appointment))
    throw notFound(said.missing);
  if (found.appointment.status !== 'confirmed') throw conflict(said.cancelled);
  if (by === 'visitor' && !visitorMayChange(found.appointment, now))
    throw new HttpError(403, lateChangeMessage(said.what));
  return found;
}

const lengthOf = (appointment: Appointment): Length =>
  appointment.session ? { kind: 'session', minutes: appointment.session.minutes } : CALL;

/**
 * Moves a changeable appointment: its new keys first, then the record (`patch` adds what is
 * the caller's), then the keys it no longer needs are freed.
 */
export async function moveTo(
  { appointment, etag }: VersionedAppointment,
  start: string,
  by: AppointmentNotice['by'],
  now: Date,
  patch: (moved: Appointment, keys: string[]) => Appointment = (moved) => moved,
): Promise<Appointment> {
  const length = lengthOf(appointment);
  const ownKeys = keysHeldBy(appointment);
  const time = await offeredTime(start, now, length, {
    keys: ownKeys,
    startMs: Date.parse(appointment.start),
    endMs: Date.parse(appointment.end),
  });
  const fresh = time.keys.filter((key) => !ownKeys.includes(key));
  if (!(await takeTime(fresh, appointment.id))) throw new SlotTakenError((await freeTimes(now, length)).slots);
  const moved = patch(
    {
      ...appointment,
      start: time.slot.start,
      end: time.end,
      sequence: appointment.sequence + 1,
      ...nextVersion(appointment, newestFirstKey(now.getTime())),
      updatedAt: now.toISOString(),
      // A Confirm on WhatsApp was for the old time (docs/whatsapp.md); the new time's reminders ask again.
      visitorConfirmedAt: undefined,
    },
    time.keys,
  );
  if (!(await replaceAppointment(moved, etag))) {
    await freeTime(fresh, appointment.id);
    throw conflict(words[length.kind].changedMeanwhile);
  }
  await freeTime(
    ownKeys.filter((key) => !time.keys.includes(key)),
    appointment.id,
  );
  await recordAppointmentNotice('moved', by, moved, appointment.start);
  return moved;
}

/** The appointment as cancelled (pure): a new version and sequence, so its invite is withdrawn and its reminders lapse. */
export function cancelledAppointment(appointment: Appointment, by: AppointmentNotice['by'], now: Date): Appointment {
  return {
    ...appointment,
    status: 'cancelled',
    sequence: appointment.sequence + 1,
    ...nextVersion(appointment, newestFirstKey(now.getTime())),
    updatedAt: now.toISOString(),
    cancelledBy: by,
  };
}

/** Cancels a changeable appointment and frees its time; `release` gives back what the caller claimed for it (side by side). */
export async function cancel(
  { appointment, etag }: VersionedAppointment,
  by: AppointmentNotice['by'],
  now: Date,
  release: () => Promise<unknown> = async () => undefined,
): Promise<Appointment> {
  const cancelled = cancelledAppointment(appointment, by, now);
  if (!(await replaceAppointment(cancelled, etag))) throw conflict(words[lengthOf(appointment).kind].changedMeanwhile);
  await Promise.all([freeTime(keysHeldBy(appointment), appointment.id), release()]);
  await recordAppointmentNotice('cancelled', by, cancelled, null);
  return cancelled;
}
