import type { Appointment, SessionOutcome } from '../../lib/schemas/appointment';
import { markSessionOutcome } from '../clients/sessions';
import { newEventId } from '../followUp/events';
import { conflict, notFound } from '../http/errors';
import { recordFollowUp } from '../leads/pipeline';
import { countOutcome } from './outcomeFollowUp';
import { readAppointmentForUpdate, replaceAppointment } from './store';

// No-shows (issue 30 item 5): the owner marks a call or session that has started as held or
// missed. The request writes the outcome (a conditional write) and records one follow-up
// event and its count, then answers; what follows (the re-book message, the count again for a
// request that died before it) is in outcomeFollowUp.ts.

/** Marks the outcome; 404 unknown, 409 cancelled, not started yet, or changed at the same moment. */
export async function setAppointmentOutcome(id: string, outcome: SessionOutcome, now: Date = new Date()): Promise<Appointment> {
  const found = await readAppointmentForUpdate(id);
  if (!found) throw notFound('No such appointment.');
  const { appointment, etag } = found;
  const noun = appointment.session ? 'session' : 'call';
  if (appointment.status !== 'confirmed') throw conflict(`This ${noun} was cancelled.`);
  if (Date.parse(appointment.start) > now.getTime()) throw conflict(`This ${noun} has not started yet: mark it once it has.`);
  let marked: Appointment;
  let previous: SessionOutcome | null;
  if (appointment.session) {
    // A session keeps its outcome (and the owner's note) where the Clients panel reads it.
    previous = appointment.session.outcome;
    marked = await markSessionOutcome(found, { outcome, note: appointment.session.note ?? '' }, now);
  } else {
    previous = appointment.outcome ?? null;
    if (previous === outcome) return appointment;
    marked = { ...appointment, outcome, updatedAt: now.toISOString() };
    if (!(await replaceAppointment(marked, etag))) throw conflict('This call was changed at the same moment. Please reload and try again.');
  }
  if (previous !== outcome) await recordOutcome(marked, outcome, previous, now);
  return marked;
}

/** The outcome's follow-up event (its count and, for a no-show, the re-book message); also for a session marked from the Clients panel. */
export async function recordOutcome(marked: Appointment, outcome: SessionOutcome, previous: SessionOutcome | null, now: Date = new Date()): Promise<void> {
  const id = newEventId(now);
  const callOutcome = { appointment: marked, outcome, previous };
  await recordFollowUp({ id, recordedAt: now.toISOString(), record: null, counts: null, person: null, lead: null, callOutcome });
  // Counted before the answer too (one small create-only write), so What converts read right
  // after the owner's tap already has it; the follow-up's count is the same change, stored once.
  await countOutcome(id, callOutcome).catch((error: unknown) => console.error(`[outcome] ${marked.id}: counted by its follow-up instead`, error));
}
