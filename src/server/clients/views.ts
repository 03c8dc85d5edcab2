import { business } from '../../lib/business';
import { sessionRules } from '../../lib/sessionRules';
import { countSessions } from '../../lib/sessionCounts';
import type { Appointment } from '../../lib/schemas/appointment';
import type { AdminClient, ClientMoney, ClientSession, ClientSpaceAnswer } from '../../lib/schemas/client';
import { meetingUrlOf, sessionMeetingUrl, visitorMayChange } from '../booking';
import { adminBriefOf } from './brief';
import { clientInvoices } from './invoices';
import { sessionsOf } from './sessions';
import { type Client, sessionsLeft } from './store';

// What the client and the owner are shown of a client: the client never sees the
// owner's outcome note, only whether a session was held.

export function clientSession(appointment: Appointment, now: Date): ClientSession {
  const status = appointment.status === 'cancelled' ? 'cancelled' : (appointment.session?.outcome ?? 'booked');
  return {
    id: appointment.id,
    start: appointment.start,
    end: appointment.end,
    status,
    changeable: status === 'booked' && visitorMayChange(appointment, now),
    // The link to join, while the session is still to come (docs/scheduling.md, "The meeting link").
    meetingUrl:
      status === 'booked' && Date.parse(appointment.end) > now.getTime() ? (meetingUrlOf(appointment) ?? null) : null,
  };
}

/**
 * The client space's answer: the sessions and the invoices are read side by side. `money` is what
 * the client paid and got back, which the refunds feature states (it sits above this one).
 */
export async function clientSpaceView(
  client: Client,
  money: ClientMoney,
  now: Date = new Date(),
): Promise<ClientSpaceAnswer> {
  const [sessions, invoices] = await Promise.all([sessionsOf(client), clientInvoices(client)]);
  return {
    client: {
      name: client.name,
      packageName: client.packageName,
      sessionsTotal: client.sessionsTotal,
      sessionsLeft: sessionsLeft(client),
      sessionMinutes: client.sessionMinutes,
      ended: client.endedAt !== null,
    },
    sessions: sessions.map((session) => clientSession(session, now)),
    invoices,
    money,
    changeNoticeHours: business.promises.rescheduleNoticeHours,
    sessionsOnline: sessionMeetingUrl() !== undefined,
    rules: [...sessionRules],
  };
}

export async function adminClientRow(client: Client, now: Date = new Date()): Promise<AdminClient> {
  // A session still to come holds a seat (a cancel gives it back): the seats are all the row reads.
  const [sessions, brief] = await Promise.all([sessionsOf(client, client.seats), adminBriefOf(client)]);
  const next = sessions.find((session) => session.status === 'confirmed' && Date.parse(session.end) > now.getTime());
  const counts = countSessions(
    client.seats.length,
    sessions.map((session) => clientSession(session, now).status),
  );
  return {
    id: client.id,
    name: client.name,
    phone: client.phone,
    email: client.email,
    packageName: client.packageName,
    sessionsTotal: client.sessionsTotal,
    sessionsUsed: counts.held,
    sessionsBooked: counts.booked,
    sessionsMissed: counts.missed,
    sessionsLeft: sessionsLeft(client),
    sessionMinutes: client.sessionMinutes,
    nextSession: next ? { start: next.start, end: next.end } : null,
    createdAt: client.createdAt,
    endedAt: client.endedAt,
    brief,
  };
}
