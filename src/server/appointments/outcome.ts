import type { Appointment, SessionOutcome } from '../../lib/schemas/appointment';
import type { SessionOutcomeRequest } from '../../lib/schemas/client';
import { markSessionOutcome } from '../clients';
import { newEventId } from '../followUp/events';
import { conflict, notFound } from '../http/errors';
import { recordNotice } from '../followUp/publish';
import { countOutcome } from './outcomeFollowUp';
import { type VersionedAppointment, readAppointmentForUpdate, replaceAppointment } from '../booking';

// No-shows (docs/scheduling.md): the owner marks a call or session that has started as held or
// missed. The request writes the outcome (a conditional write) and records one follow-up
// event and its count, then answers; what follows (the re-book message, the count again for a
// request that died before it) is in outcomeFollowUp.ts.

/** Marks the outcome; 404 unknown, 409 cancelled, not started yet, or changed at the same moment. */
export async function setAppointmentOutcome(
  id: string,
  outcome: SessionOutcome,
  now: Date = new Date(),
): Promise<Appointment> {
  const found = await readAppointmentForUpdate(id);
  if (!found) throw notFound('No such appointment.');
  const { appointment, etag } = found;
  // A session keeps its outcome (and the owner's note) where the Clients panel reads it.
  if (appointment.session) return markSession(found, { outcome, note: appointment.session.note ?? '' }, now);
  if (appointment.status !== 'confirmed') throw conflict('This call was cancelled.');
  if (Date.parse(appointment.start) > now.getTime())
    throw conflict('This call has not started yet: mark it once it has.');
  const previous = appointment.outcome ?? null;
  if (previous === outcome) return appointment;
  const marked: Appointment = { ...appointment, outcome, updatedAt: now.toISOString() };
  if (!(await replaceAppointment(marked, etag)))
    throw conflict('This call was changed at the same moment. Please reload and try again.');
  await recordOutcome(marked, outcome, previous, now);
  return marked;
}

/** A session's outcome and private note (the Clients panel's route, and the one above); its follow-up only when the outcome changed, not for a note. */
export async function setSessionOutcome(
  id: string,
  request: SessionOutcomeRequest,
  now: Date = new Date(),
): Promise<Appointment> {
  return markSession(await readAppointmentForUpdate(id), request, now);
}

async function markSession(
  found: VersionedAppointment | null,
  request: SessionOutcomeRequest,
  now: Date,
): Promise<Appointment> {
  const previous = found?.appointment.session?.outcome ?? null;
  const marked = await markSessionOutcome(found, request, now);
  if (previous !== request.outcome) await recordOutcome(marked, request.outcome, previous, now);
  return marked;
}

/** The outcome's follow-up event (its count and, for a no-show, the re-book message); also for a session marked from the Clients panel. */
async function recordOutcome(
  marked: Appointment,
  outcome: SessionOutcome,
  previous: SessionOutcome | null,
  now: Date = new Date(),
): Promise<void> {
  const id = newEventId(now);
  const callOutcome = { appointment: marked, outcome, previous };
  await recordNotice({ id, at: now, callOutcome });
  // Counted before the answer too (one small create-only write), so What converts read right
  // after the owner's tap already has it; the follow-up's count is the same change, stored once.
  await countOutcome(id, callOutcome).catch((error: unknown) =>
    console.error(`[outcome] ${marked.id}: counted by its follow-up instead`, error),
  );
}
