import type { Appointment } from '../../lib/schemas/appointment';
import type { SessionOutcomeRequest } from '../../lib/schemas/client';
import {
  type Length,
  type SlotsNow,
  type VersionedAppointment,
  cancel,
  cancelledAppointment,
  changeable,
  freeTime,
  freeTimes,
  holdTime,
  moveTo,
  offeredTime,
  readAppointment,
  readAppointmentForUpdate,
  recordAppointmentNotice,
  removeAppointment,
  replaceAppointment,
  writeNewAppointment,
} from '../booking';
import { conflict, notFound } from '../http/errors';
import { newestFirstKey, timeFromKey } from '../storage/keys';
import { clientSessionIds, forgetClientSession, noteClientSession } from './sessionIndex';
import { type Client, clients, ensureClient, sessionsLeft } from './store';

// A client's paid sessions in the one calendar (docs/payments.md, "Sessions"). A session is
// an appointment with a `session` part, offered, taken, moved and cancelled by the booking
// engine (src/server/booking) as a call is: it holds every slot key its length covers. What
// is a session's own is its seat (sessions used of those bought), on the client's record,
// moved by conditional writes; every session booked is listed in the client's index
// (sessionIndex.ts). Invites, mails and reminders are the calls' own follow-up event.
//
// A full refund ends the client (`endedAt`, written by a conditional write on the same
// record the seats are taken from), and no order of requests leaves a session booked:
// - a seat is refused in the write that would take it once the client is ended;
// - the refund cancels the session of every seat the ended record holds, re-reading each
//   until it is cancelled (a move at the same moment only makes it read again);
// - a booking whose seat was taken before the end reads the client again once its record
//   and keys are written: ended, it cancels itself. Either the refund read its record (and
//   cancels it) or the booking's read comes after the end (and it cancels itself).
// - a move checks the client (the owner's, once it has read whose session it is); a move
//   racing the refund is cancelled by its re-reads.

const noSessionLeft = () => conflict('No session is left to book. Please call us to add more.');
const clientEnded = () =>
  conflict('This package was refunded in full: its sessions are cancelled and none can be booked or moved.');
const noSuchSession = () => notFound('No such session.');

const sessionOf = (minutes: number): Length => ({ kind: 'session', minutes });

/** The free session starts now, ignoring the keys `except` (a session's own, when it moves). */
export const currentSessionSlots = (
  now: Date,
  minutes: number,
  days?: number,
  except: readonly string[] = [],
): Promise<SlotsNow> => freeTimes(now, sessionOf(minutes), days, except);

/** Takes a seat in one conditional write, which refuses an ended client or one with none left. */
async function takeSeat(clientId: string, sessionId: string): Promise<void> {
  const stored = await clients.update(clientId, (client) => {
    if (client.endedAt) throw clientEnded();
    if (sessionsLeft(client) === 0) throw noSessionLeft();
    return { ...client, seats: [...client.seats, sessionId] };
  });
  if (!stored) throw notFound('No such client.');
}

async function giveSeatBack(clientId: string, sessionId: string, { forget }: { forget: boolean }): Promise<void> {
  await clients.update(clientId, (client) => ({ ...client, seats: client.seats.filter((id) => id !== sessionId) }));
  if (forget) await forgetClientSession(clientId, sessionId);
}

/** A seat this old with no session record behind it was taken by a request that died before storing one. */
const ABANDONED_SEAT_MS = 2 * 60_000;

/** Gives back the seats of requests that died between taking a seat and storing their session; the client as stored after. */
async function freeAbandonedSeats(client: Client, now: Date): Promise<Client> {
  const records = await Promise.all(client.seats.map((id) => readAppointment(id)));
  const abandoned = client.seats.filter(
    (id, index) => !records[index] && now.getTime() - (timeFromKey(id) ?? now.getTime()) > ABANDONED_SEAT_MS,
  );
  if (abandoned.length === 0) return client;
  const stored = await clients.update(client.id, (current) => ({
    ...current,
    seats: current.seats.filter((id) => !abandoned.includes(id)),
  }));
  await Promise.all(abandoned.map((id) => forgetClientSession(client.id, id)));
  return stored ?? client;
}

/**
 * Books one of the client's sessions at `start`: a seat, then the record, then its slot keys. The
 * owner books the same way (a time agreed on the phone): the client is told as when they book it.
 */
export async function bookSession(
  given: Client,
  start: string,
  now: Date = new Date(),
  by: 'visitor' | 'owner' = 'visitor',
): Promise<Appointment> {
  if (given.endedAt) throw clientEnded();
  const client = sessionsLeft(given) === 0 ? await freeAbandonedSeats(given, now) : given;
  if (sessionsLeft(client) === 0) throw noSessionLeft();
  const time = await offeredTime(start, now, sessionOf(client.sessionMinutes));
  const id = newestFirstKey(now.getTime());
  const keys = time.keys;
  await takeSeat(client.id, id);
  await noteClientSession(client.id, id);
  const at = now.toISOString();
  const appointment: Appointment = {
    id,
    bookingId: client.id,
    start: time.slot.start,
    end: time.end,
    status: 'confirmed',
    sequence: 0,
    version: id,
    name: client.name,
    phone: client.phone,
    email: client.email,
    createdAt: at,
    updatedAt: at,
    cancelledBy: null,
    session: {
      clientId: client.id,
      packageName: client.packageName,
      minutes: client.sessionMinutes,
      slotKeys: keys,
      outcome: null,
      note: null,
    },
  };
  try {
    await writeNewAppointment(appointment);
  } catch (error) {
    await giveSeatBack(client.id, id, { forget: true });
    throw error;
  }
  await holdTime(id, keys, sessionOf(client.sessionMinutes), now, async () => {
    await removeAppointment(id);
    await giveSeatBack(client.id, id, { forget: true });
  });
  await undoIfEnded(client.id, appointment, keys, now);
  await recordAppointmentNotice('booked', by, appointment, null);
  return appointment;
}

/**
 * A booking's last step: the client read again after its record and keys are written. A full
 * refund that came meanwhile either read this record (and cancels it) or ended the client
 * before this read: then the booking cancels itself, frees what it took and answers 409.
 */
async function undoIfEnded(
  clientId: string,
  appointment: Appointment,
  keys: readonly string[],
  now: Date,
): Promise<void> {
  const [client, stored] = await Promise.all([clients.get(clientId), readAppointment(appointment.id)]);
  if (client && !client.endedAt && stored?.status === 'confirmed') return;
  await endSession(appointment.id, 'owner', now, { notify: false });
  // The refund may have freed the keys before this booking took the last of them.
  await freeTime(keys, appointment.id);
  throw clientEnded();
}

/** The client's confirmed session (any client's for `null`: the owner's list), for a change; 403 within the notice period when the client asks. */
const changeableSession = (clientId: string | null, sessionId: string, by: 'visitor' | 'owner', now: Date) =>
  changeable(sessionId, 'session', by, now, ({ session }) => clientId === null || session?.clientId === clientId);

/**
 * Moves a session: its new keys first, then the record, then the old keys are freed. The client
 * moves their own (`clientId`, by 'visitor') until the notice period; the owner any client's
 * (`null`, by 'owner') at any time. One path for both, so the new time is taken under the same
 * create-only slot keys whoever asks (docs/scheduling.md, "Sessions").
 */
export async function moveSession(
  clientId: string | null,
  sessionId: string,
  start: string,
  by: 'visitor' | 'owner',
  now: Date = new Date(),
): Promise<Appointment> {
  if (clientId !== null && (await clients.get(clientId))?.endedAt) throw clientEnded();
  const found = await changeableSession(clientId, sessionId, by, now);
  const session = found.appointment.session!;
  if (clientId === null && (await clients.get(session.clientId))?.endedAt) throw clientEnded();
  return moveTo(found, start, by, now, (moved, keys) => ({ ...moved, session: { ...session, slotKeys: keys } }));
}

/** Cancels a session (of the client `clientId`, or any for the owner's `null`), frees its time and gives its seat back. */
export async function cancelSession(
  clientId: string | null,
  sessionId: string,
  by: 'visitor' | 'owner',
  now: Date = new Date(),
): Promise<Appointment> {
  const found = await changeableSession(clientId, sessionId, by, now);
  return cancel(found, by, now, () => giveSeatBack(found.appointment.session!.clientId, sessionId, { forget: false }));
}

/** The ids of every session the client booked: its index, and the list older records kept. */
export async function sessionIdsOf(client: Pick<Client, 'id' | 'history'>): Promise<string[]> {
  const indexed = await clientSessionIds(client.id);
  return [...new Set([...(client.history ?? []), ...indexed])];
}

const READ_BATCH = 50;

/** The client's sessions (all they ever booked, or those `ids`), oldest first; records gone are left out. */
export async function sessionsOf(
  client: Pick<Client, 'id' | 'history'>,
  given?: readonly string[],
): Promise<Appointment[]> {
  const ids = given ?? (await sessionIdsOf(client));
  const records: Array<Appointment | null> = [];
  for (let from = 0; from < ids.length; from += READ_BATCH) {
    records.push(...(await Promise.all(ids.slice(from, from + READ_BATCH).map((id) => readAppointment(id)))));
  }
  return records
    .filter((record): record is Appointment => record !== null && record.session?.clientId === client.id)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** Enough re-reads for any number of writers a client's handful of sessions can have at once. */
const MAX_CANCEL_READS = 20;

/**
 * Cancels a session whatever else writes it meanwhile: re-read and cancelled again until it
 * is no longer confirmed (or gone). Frees its keys and gives its seat back; true when this
 * call cancelled it.
 */
async function endSession(
  sessionId: string,
  by: 'visitor' | 'owner',
  now: Date,
  { notify }: { notify: boolean },
): Promise<boolean> {
  for (let read = 0; read < MAX_CANCEL_READS; read += 1) {
    const found = await readAppointmentForUpdate(sessionId);
    const session = found?.appointment.session;
    if (!found || !session || found.appointment.status !== 'confirmed') return false;
    const cancelled = cancelledAppointment(found.appointment, by, now);
    if (!(await replaceAppointment(cancelled, found.etag))) continue;
    await Promise.all([
      freeTime(session.slotKeys, sessionId),
      giveSeatBack(session.clientId, sessionId, { forget: false }),
    ]);
    if (notify) await recordAppointmentNotice('cancelled', by, cancelled, null);
    return true;
  }
  throw conflict('This session kept changing while it was being cancelled. Please try again.');
}

/**
 * A full refund (src/server/refunds): the client is ended, so no seat can be taken any more,
 * and the session of every seat the ended record holds is cancelled (its time freed, the
 * client told). Idempotent: a second call finds nothing left to cancel.
 */
export async function endRemainingSessions(paymentId: string, now: Date = new Date()): Promise<{ cancelled: number }> {
  const client = await ensureClient(paymentId);
  // The record as this write left it: every seat taken before the end is on it.
  const ended = await clients.update(client.id, (current) =>
    current.endedAt ? current : { ...current, endedAt: now.toISOString() },
  );
  let cancelled = 0;
  for (const id of ended?.seats ?? []) {
    const session = await readAppointment(id);
    // A seat with no record yet: its booking reads the ended client once its record is written, and cancels itself.
    if (!session || Date.parse(session.start) <= now.getTime()) continue;
    if (await endSession(id, 'owner', now, { notify: true })) cancelled += 1;
  }
  return { cancelled };
}

/** Marks a session held or a no-show with the owner's private note, on the record as read (appointments/outcome.ts records what follows). */
export async function markSessionOutcome(
  found: VersionedAppointment | null,
  { outcome, note }: SessionOutcomeRequest,
  now: Date = new Date(),
): Promise<Appointment> {
  const session = found?.appointment.session;
  if (!found || !session) throw noSuchSession();
  if (found.appointment.status !== 'confirmed') throw conflict('This session was cancelled.');
  if (Date.parse(found.appointment.start) > now.getTime())
    throw conflict('This session has not started yet: mark it once it has.');
  const marked: Appointment = {
    ...found.appointment,
    updatedAt: now.toISOString(),
    session: { ...session, outcome, note: note || null },
  };
  if (!(await replaceAppointment(marked, found.etag)))
    throw conflict('This session was changed at the same moment. Please reload and try again.');
  return marked;
}
