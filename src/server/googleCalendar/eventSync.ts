import type { Appointment } from '../../lib/schemas/appointment';
import { readAppointment, readAppointmentForUpdate, replaceAppointment } from '../booking';
import { googleConfig, googleConfigured } from './config';
import { GoogleApiError, deleteEvent, insertEvent, patchEvent, type GoogleEventAnswer } from './googleApi';
import { accessToken, activeConnection, noteFailure, noteSuccess } from './access';
import { eventBody, eventIdOf, wantsMeetLink } from './eventBody';
import { type Connection, type EventRecord, readEventRecord, removeEventRecord, writeEventRecord } from './store';

// Every call and session in the owner's Google Calendar (docs/scheduling.md): run by the
// follow-up event of each booking, move and cancel (src/server/app/effects.ts), so it is
// retried with the durable queue's backoff and never holds up the visitor. It brings the
// event to the appointment as stored NOW, not as the event saw it: run twice, late, or out of
// order, it ends the same. Inserted once (its id is the appointment's, eventBody.ts), patched
// when the version it shows is old, deleted once cancelled. A Meet link Google answers is
// written on the appointment (`meetingUrl`) for every place that shows it.

export type SyncOutcome = 'not-connected' | 'up-to-date' | 'inserted' | 'patched' | 'deleted';

const MEETING_URL_WRITES = 5;

/** Puts the Meet link on the stored appointment (conditional write, read again on a lost race). */
async function storeMeetingUrl(appointmentId: string, meetingUrl: string): Promise<void> {
  for (let attempt = 0; attempt < MEETING_URL_WRITES; attempt += 1) {
    const found = await readAppointmentForUpdate(appointmentId);
    if (!found || found.appointment.meetingUrl === meetingUrl) return;
    if (await replaceAppointment({ ...found.appointment, meetingUrl }, found.etag)) return;
  }
  throw new Error(`The Meet link of ${appointmentId} could not be stored: the record kept changing`);
}

async function removeEvent(
  appointmentId: string,
  record: EventRecord | null,
  connection: Connection,
  token: string,
  now: Date,
): Promise<SyncOutcome> {
  if (record && record.version === null) return 'up-to-date';
  const calendarId = record?.calendarId ?? connection.eventCalendarId;
  const eventId = record?.eventId ?? eventIdOf(appointmentId);
  await deleteEvent(googleConfig(), token, calendarId, eventId);
  await writeEventRecord(appointmentId, {
    eventId,
    calendarId,
    version: null,
    meetingUrl: record?.meetingUrl ?? null,
    syncedAt: now.toISOString(),
  });
  return 'deleted';
}

async function writeEvent(
  appointment: Appointment,
  record: EventRecord | null,
  connection: Connection,
  token: string,
  now: Date,
): Promise<SyncOutcome> {
  const meet = wantsMeetLink(appointment, connection.meetLinkForCalls);
  const known = record?.meetingUrl ?? null;
  if (record && record.version === appointment.version && (known || !meet)) return 'up-to-date';
  const config = googleConfig();
  const calendarId = record?.calendarId ?? connection.eventCalendarId;
  const eventId = record?.eventId ?? eventIdOf(appointment.id);
  // A link Google gave already stays: the conference is asked for only while there is none.
  const body = eventBody(appointment, meet && !known);
  let answer: GoogleEventAnswer;
  let outcome: SyncOutcome;
  if (record) {
    answer = await patchEvent(config, token, calendarId, eventId, body);
    outcome = 'patched';
  } else {
    try {
      answer = await insertEvent(config, token, calendarId, { ...body, id: eventId });
      outcome = 'inserted';
    } catch (error) {
      // Inserted by a try whose answer was lost: the event is there, brought up to date instead.
      if (!(error instanceof GoogleApiError && error.status === 409)) throw error;
      answer = await patchEvent(config, token, calendarId, eventId, body);
      outcome = 'patched';
    }
  }
  const meetingUrl = answer.hangoutLink ?? known;
  await writeEventRecord(appointment.id, {
    eventId,
    calendarId,
    version: appointment.version,
    meetingUrl,
    syncedAt: now.toISOString(),
  });
  if (meetingUrl && meet && appointment.meetingUrl !== meetingUrl) await storeMeetingUrl(appointment.id, meetingUrl);
  return outcome;
}

/**
 * Brings the appointment's Google event to the appointment as stored now; throws while Google
 * fails (the follow-up event is retried, the admin shows the calendar behind).
 */
export async function syncCalendarEvent(appointmentId: string, now = new Date()): Promise<SyncOutcome> {
  if (!googleConfigured()) return 'not-connected';
  const connection = await activeConnection(now.getTime());
  if (!connection) return 'not-connected';
  const [appointment, record] = await Promise.all([readAppointment(appointmentId), readEventRecord(appointmentId)]);
  try {
    const token = await accessToken(connection, now.getTime());
    const outcome =
      !appointment || appointment.status === 'cancelled'
        ? await removeEvent(appointmentId, record, connection, token, now)
        : await writeEvent(appointment, record, connection, token, now);
    if (outcome !== 'up-to-date') await noteSuccess(now);
    return outcome;
  } catch (error) {
    if (error instanceof GoogleApiError) await noteFailure(error, now);
    throw error;
  }
}

/**
 * A person's erasure (docs/privacy.md): the events of their calls and sessions leave the owner's
 * calendar, past ones too, before their records go (a failure throws, and the erasure, run
 * again, finds them still). Without a connection there is nothing the site can reach.
 */
export async function eraseCalendarEvents(appointmentIds: readonly string[], now = new Date()): Promise<number> {
  if (appointmentIds.length === 0 || !googleConfigured()) return 0;
  const connection = await activeConnection(now.getTime());
  const records = await Promise.all(appointmentIds.map((id) => readEventRecord(id)));
  if (connection) {
    try {
      const token = await accessToken(connection, now.getTime());
      for (const [index, id] of appointmentIds.entries()) {
        const record = records[index] ?? null;
        if (record?.version === null) continue;
        await deleteEvent(
          googleConfig(),
          token,
          record?.calendarId ?? connection.eventCalendarId,
          record?.eventId ?? eventIdOf(id),
        );
      }
    } catch (error) {
      if (error instanceof GoogleApiError) await noteFailure(error, now);
      throw error;
    }
  }
  await Promise.all(appointmentIds.map((id) => removeEventRecord(id)));
  return appointmentIds.length;
}
