import { type Appointment, type Availability, type Slot } from '../../lib/schemas/appointment';
import { MAX_SESSION_HISTORY, type SessionOutcomeRequest } from '../../lib/schemas/client';
import { istIso } from '../../lib/schedule/istClock';
import { freeSessionSlots, sessionHeldStarts } from '../../lib/schedule/sessionSlots';
import { offeredSlot } from '../../lib/schedule/slots';
import { SlotTakenError, type SlotsNow, calendarNow, cancelledAppointment, lateChangeMessage, recordAppointmentNotice, visitorMayChange } from '../appointments/book';
import {
  claimSlotKey,
  readAppointment,
  readAppointmentForUpdate,
  releaseSlotKey,
  removeAppointment,
  replaceAppointment,
  slotKey,
  type VersionedAppointment,
  writeNewAppointment,
} from '../appointments/store';
import { HttpError, conflict, notFound } from '../http/errors';
import { newestFirstKey, timeFromKey } from '../storage/keys';
import { type Client, clients, ensureClient, sessionsLeft } from './store';

// A client's paid sessions in the one calendar (issue 29). A session is an appointment with
// a `session` part, in the calendar's store: it takes every slot key it holds create-only,
// in order (on any loss it gives back what it took: 409), so a time is never held twice
// across calls and sessions. Seats (sessions used of those bought) are on the client's
// record, moved by conditional writes. Invites, mails and reminders are the calls' own
// follow-up event.

const noSessionLeft = () => conflict('No session is left to book. Please call us to add more.');
const noSuchSession = () => notFound('No such session.');

/** The free session starts now, ignoring the keys `except` (a session's own, when it moves). */
export async function currentSessionSlots(now: Date, minutes: number, days?: number, except: readonly string[] = []): Promise<SlotsNow> {
  const { availability, taken } = await calendarNow(now, days);
  const others = taken.filter((slot) => !except.includes(slot.key));
  return { slots: freeSessionSlots(availability, others, { now, days, minutes }), availability };
}

/** The offered start; 409 with fresh starts when taken meanwhile, 400 when never offered. */
async function sessionOnOffer(start: string, now: Date, minutes: number, own?: { keys: readonly string[]; startMs: number }): Promise<SlotsNow & { slot: Slot }> {
  const current = await currentSessionSlots(now, minutes, undefined, own?.keys ?? []);
  const slot = offeredSlot(current.slots, start);
  if (slot) {
    if (own && Date.parse(slot.start) === own.startMs) throw new HttpError(400, 'The session is at that time already.', { start: 'Pick a different time' });
    return { ...current, slot };
  }
  const inGrid = offeredSlot(freeSessionSlots(current.availability, [], { now, minutes }), start);
  if (inGrid) throw new SlotTakenError(current.slots);
  throw new HttpError(400, 'That time is not offered. Pick one of the free times.', { start: 'Not an offered time' });
}

/** Takes the keys in order; on a loss gives back what it took and answers false. */
async function claimInOrder(keys: readonly string[], appointmentId: string): Promise<boolean> {
  const taken: string[] = [];
  for (const key of keys) {
    if (await claimSlotKey(key, appointmentId)) {
      taken.push(key);
      continue;
    }
    await Promise.all(taken.map((held) => releaseSlotKey(held, appointmentId)));
    return false;
  }
  return true;
}

const releaseAll = (keys: readonly string[], appointmentId: string) => Promise.all(keys.map((key) => releaseSlotKey(key, appointmentId)));

async function takeSeat(clientId: string, sessionId: string): Promise<void> {
  const stored = await clients.update(clientId, (client) => {
    if (sessionsLeft(client) === 0) throw noSessionLeft();
    return { ...client, seats: [...client.seats, sessionId], history: [...client.history, sessionId].slice(-MAX_SESSION_HISTORY) };
  });
  if (!stored) throw notFound('No such client.');
}

async function giveSeatBack(clientId: string, sessionId: string, { forget }: { forget: boolean }): Promise<void> {
  await clients.update(clientId, (client) => ({
    ...client,
    seats: client.seats.filter((id) => id !== sessionId),
    history: forget ? client.history.filter((id) => id !== sessionId) : client.history,
  }));
}

const heldKeys = (availability: Availability, startMs: number, minutes: number) => sessionHeldStarts(availability, startMs, minutes).map(slotKey);

/** A seat this old with no session record behind it was taken by a request that died before storing one. */
const ABANDONED_SEAT_MS = 2 * 60_000;

/** Gives back the seats of requests that died between taking a seat and storing their session; the client as stored after. */
async function freeAbandonedSeats(client: Client, now: Date): Promise<Client> {
  const records = await Promise.all(client.seats.map((id) => readAppointment(id)));
  const abandoned = client.seats.filter((id, index) => !records[index] && now.getTime() - (timeFromKey(id) ?? now.getTime()) > ABANDONED_SEAT_MS);
  if (abandoned.length === 0) return client;
  const stored = await clients.update(client.id, (current) => ({
    ...current,
    seats: current.seats.filter((id) => !abandoned.includes(id)),
    history: current.history.filter((id) => !abandoned.includes(id)),
  }));
  return stored ?? client;
}

/** Books one of the client's sessions at `start`: a seat, then the record, then its slot keys. */
export async function bookSession(given: Client, start: string, now: Date = new Date()): Promise<Appointment> {
  const client = sessionsLeft(given) === 0 && !given.endedAt ? await freeAbandonedSeats(given, now) : given;
  if (sessionsLeft(client) === 0) throw noSessionLeft();
  const { slot, availability } = await sessionOnOffer(start, now, client.sessionMinutes);
  const id = newestFirstKey(now.getTime());
  const startMs = Date.parse(slot.start);
  const keys = heldKeys(availability, startMs, client.sessionMinutes);
  await takeSeat(client.id, id);
  const at = now.toISOString();
  const appointment: Appointment = {
    id,
    bookingId: client.id,
    start: slot.start,
    end: istIso(startMs + client.sessionMinutes * 60_000),
    status: 'confirmed',
    sequence: 0,
    version: id,
    name: client.name,
    phone: client.phone,
    email: client.email,
    createdAt: at,
    updatedAt: at,
    cancelledBy: null,
    session: { clientId: client.id, packageName: client.packageName, minutes: client.sessionMinutes, slotKeys: keys, outcome: null, note: null },
  };
  try {
    await writeNewAppointment(appointment);
  } catch (error) {
    await giveSeatBack(client.id, id, { forget: true });
    throw error;
  }
  if (!(await claimInOrder(keys, id))) {
    await removeAppointment(id);
    await giveSeatBack(client.id, id, { forget: true });
    throw new SlotTakenError((await currentSessionSlots(now, client.sessionMinutes)).slots);
  }
  await recordAppointmentNotice('booked', 'visitor', appointment, null);
  return appointment;
}

/** The client's confirmed session (any client's for `null`: the owner's list), for a change; 403 within the notice period when the client asks. */
async function changeableSession(clientId: string | null, sessionId: string, by: 'visitor' | 'owner', now: Date) {
  const found = await readAppointmentForUpdate(sessionId);
  const session = found?.appointment.session;
  if (!found || !session || (clientId !== null && session.clientId !== clientId)) throw noSuchSession();
  if (found.appointment.status !== 'confirmed') throw conflict('This session has been cancelled.');
  if (by === 'visitor' && !visitorMayChange(found.appointment, now)) throw new HttpError(403, lateChangeMessage('Sessions'));
  return { ...found, session };
}

/** Moves a session: its new keys first, then the record, then the old keys are freed. */
export async function moveSession(clientId: string, sessionId: string, start: string, now: Date = new Date()): Promise<Appointment> {
  const { appointment, etag, session } = await changeableSession(clientId, sessionId, 'visitor', now);
  const { slot, availability } = await sessionOnOffer(start, now, session.minutes, { keys: session.slotKeys, startMs: Date.parse(appointment.start) });
  const startMs = Date.parse(slot.start);
  const keys = heldKeys(availability, startMs, session.minutes);
  const fresh = keys.filter((key) => !session.slotKeys.includes(key));
  if (!(await claimInOrder(fresh, sessionId))) throw new SlotTakenError((await currentSessionSlots(now, session.minutes)).slots);
  const moved: Appointment = {
    ...appointment,
    start: slot.start,
    end: istIso(startMs + session.minutes * 60_000),
    sequence: appointment.sequence + 1,
    version: newestFirstKey(now.getTime()),
    updatedAt: now.toISOString(),
    session: { ...session, slotKeys: keys },
    // A Confirm on WhatsApp was for the old time (issue 30); the new time's reminders ask again.
    visitorConfirmedAt: undefined,
  };
  if (!(await replaceAppointment(moved, etag))) {
    await releaseAll(fresh, sessionId);
    throw conflict('This session was changed at the same moment. Please reload and try again.');
  }
  await releaseAll(
    session.slotKeys.filter((key) => !keys.includes(key)),
    sessionId,
  );
  await recordAppointmentNotice('moved', 'visitor', moved, appointment.start);
  return moved;
}

/** Cancels a session (of the client `clientId`, or any for the owner's `null`), frees its time and gives its seat back. */
export async function cancelSession(clientId: string | null, sessionId: string, by: 'visitor' | 'owner', now: Date = new Date()): Promise<Appointment> {
  const { appointment, etag, session } = await changeableSession(clientId, sessionId, by, now);
  const cancelled = cancelledAppointment(appointment, by, now);
  if (!(await replaceAppointment(cancelled, etag))) throw conflict('This session was changed at the same moment. Please reload and try again.');
  await Promise.all([releaseAll(session.slotKeys, sessionId), giveSeatBack(session.clientId, sessionId, { forget: false })]);
  await recordAppointmentNotice('cancelled', by, cancelled, null);
  return cancelled;
}

/** The client's sessions (all they ever booked, or those `ids`), oldest first; records gone are left out. */
export async function sessionsOf(client: Pick<Client, 'id' | 'history'>, ids: readonly string[] = client.history): Promise<Appointment[]> {
  const records = await Promise.all(ids.map((id) => readAppointment(id)));
  return records
    .filter((record): record is Appointment => record !== null && record.session?.clientId === client.id)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/**
 * A full refund (issue 29 item 4, called by src/server/refunds): the client's upcoming
 * sessions are cancelled (their times freed, the client told) and none is left to book.
 * Idempotent: a second call finds nothing left to cancel.
 */
export async function endRemainingSessions(paymentId: string, now: Date = new Date()): Promise<{ cancelled: number }> {
  const client = await ensureClient(paymentId);
  await clients.update(client.id, (current) => (current.endedAt ? current : { ...current, endedAt: now.toISOString() }));
  const upcoming = (await sessionsOf(client)).filter((session) => session.status === 'confirmed' && Date.parse(session.start) > now.getTime());
  let cancelled = 0;
  for (const session of upcoming) {
    try {
      await cancelSession(client.id, session.id, 'owner', now);
      cancelled += 1;
    } catch (error) {
      // Cancelled at the same moment by the client: nothing left to do for it.
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    }
  }
  return { cancelled };
}

/** The owner marks a session that has started as held or missed, with a private note. */
/** Marks a session held or a no-show with the owner's private note, on the record as read (appointments/outcome.ts records what follows). */
export async function markSessionOutcome(found: VersionedAppointment | null, { outcome, note }: SessionOutcomeRequest, now: Date = new Date()): Promise<Appointment> {
  const session = found?.appointment.session;
  if (!found || !session) throw noSuchSession();
  if (found.appointment.status !== 'confirmed') throw conflict('This session was cancelled.');
  if (Date.parse(found.appointment.start) > now.getTime()) throw conflict('This session has not started yet: mark it once it has.');
  const marked: Appointment = { ...found.appointment, updatedAt: now.toISOString(), session: { ...session, outcome, note: note || null } };
  if (!(await replaceAppointment(marked, found.etag))) throw conflict('This session was changed at the same moment. Please reload and try again.');
  return marked;
}
