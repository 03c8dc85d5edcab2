import type { Appointment } from '../../lib/schemas/appointment';
import { readAppointment } from '../booking';
import { briefReminderMail } from '../messages';
import { deliver, enqueue, newEntry, notificationSettings, siteAddress } from '../notifications';
import type { RetryPolicy } from '../queue/retry';
import { sendAfterKey } from '../queue/sendAfter';
import { type SweepReport, sweepSendAfter } from '../queue/sendAfterSweep';
import { blobCall } from '../storage/blobs';
import { briefFilled, briefStore, remindedKey } from './brief';
import { clientSpaceUrlOf } from './links';
import { sessionsOf } from './sessions';
import { readClient } from './store';

// One reminder 48 hours before a client's first session while their brief is empty
// (docs/client-space.md): a scheduled send of the durable queue (docs/queue.md), filed when a
// session is booked or moved, `brief-reminders/{UTC hour}/{due ms}.{client}.{session}.{version}`
// in the brief's store. At send time it is dropped unless the session is still that version,
// still ahead, still the client's first, and the brief still empty; the mail is queued in the
// outbox under an id named by the client, and a marker per client keeps it to one, ever.

export const BRIEF_REMINDER_HOURS = 48;
const PREFIX = 'brief-reminders/';
const LOOKBACK_HOURS = 3;
/** 1, 2, 4, 8 minutes apart: all five tries fall inside the look-back. */
export const BRIEF_REMINDER_RETRY: RetryPolicy = { firstDelayMs: 60_000, maxDelayMs: 10 * 60_000, maxAttempts: 5 };
const CLAIM_MS = 2 * 60_000;
const ID = '\\d{13}-[0-9a-f]{10}';
const namePattern = new RegExp(`^(${ID})\\.(${ID})\\.(${ID})$`);

/** Files the brief reminder of a booked or moved session, when its time is still ahead (idempotent). */
export async function scheduleBriefReminder(session: Appointment, now: Date = new Date()): Promise<void> {
  if (session.status !== 'confirmed' || !session.session || !session.email) return;
  const due = Date.parse(session.start) - BRIEF_REMINDER_HOURS * 3_600_000;
  if (due <= now.getTime()) return;
  const key = sendAfterKey(PREFIX, due, `${session.session.clientId}.${session.id}.${session.version}`);
  await blobCall(() => briefStore().setJSON(key, {}, { onlyIfNew: true }));
}

/** Queues and sends the reminder when it is still wanted; whether it was. */
async function sendBriefReminder(clientId: string, sessionId: string, version: string, now: Date): Promise<boolean> {
  const store = briefStore();
  const [client, session, reminded] = await Promise.all([
    readClient(clientId),
    readAppointment(sessionId),
    blobCall(() => store.getMetadata(remindedKey(clientId))),
  ]);
  if (reminded || !client?.email || client.endedAt) return false;
  if (!session || session.status !== 'confirmed' || session.version !== version) return false;
  if (session.session?.clientId !== clientId || Date.parse(session.start) <= now.getTime()) return false;
  // The first session: none of theirs (held, missed or still to come) starts before it.
  const sessions = await sessionsOf(client);
  if (sessions.some((other) => other.status === 'confirmed' && Date.parse(other.start) < Date.parse(session.start)))
    return false;
  // Checked at send time: a brief filled since the booking needs no reminder.
  if (await briefFilled(client)) return false;
  if (!notificationSettings().enabled) return false;
  const mail = briefReminderMail(client.name, session.start, await clientSpaceUrlOf(clientId, siteAddress()));
  // Named by the client: queued twice, it is one message.
  const entry = newEntry(
    {
      kind: 'brief-reminder',
      leadId: clientId,
      appointmentId: session.id,
      channel: 'visitor-email',
      subject: mail.subject,
      to: client.email,
      mail,
      webhook: null,
    },
    now,
  );
  await enqueue([entry]);
  await deliver(entry.id, () => now).catch((error: unknown) =>
    console.error(`[brief-reminders] ${entry.id}: sending failed; the sweep retries`, error),
  );
  // Once ever, also after the outbox has pruned the entry.
  await blobCall(() => store.set(remindedKey(clientId), now.toISOString(), { onlyIfNew: true }));
  return true;
}

export type BriefReminderReport = SweepReport;

/** Sends the brief reminders due now (the minute job), until the deadline. */
export function sendDueBriefReminders(now: Date = new Date(), deadline = Infinity): Promise<BriefReminderReport> {
  return sweepSendAfter(
    {
      store: briefStore(),
      prefix: PREFIX,
      lookbackHours: LOOKBACK_HOURS,
      claimMs: CLAIM_MS,
      retry: BRIEF_REMINDER_RETRY,
      label: '[brief-reminders]',
      parse: (name) => namePattern.exec(name),
      run: (parsed, at) => sendBriefReminder(parsed[1]!, parsed[2]!, parsed[3]!, at),
      // Only a storage failure gets here (the outbox retries the sending itself): the nudge is
      // not worth a dead letter, and the client space asks for the brief anyway. Dropped.
    },
    now,
    deadline,
  );
}
