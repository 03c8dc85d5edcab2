import { z } from 'zod';
import type { Appointment } from '../../lib/schemas/appointment';
import { deliver } from '../notifications';
import { blobCall } from '../storage/blobs';
import type { RetryPolicy } from '../queue/retry';
import { sendAfterKey } from '../queue/sendAfter';
import { type SweepReport, sweepSendAfter } from '../queue/sendAfterSweep';
import { queueReminder } from './notices';
import { consentedNumber } from '../whatsapp';
import { appointmentStore, readAppointment } from '../booking';

// Reminders 24 hours and 1 hour before a call: scheduled sends of the durable queue
// (docs/queue.md). Each is a key under the UTC hour it is due,
// `reminders/{YYYY-MM-DDTHH}/{due ms}.{day|hour}.{appointment id}.{version}`, written when
// the call is booked or moved. The minute job lists only the last few hours' folders, claims
// each due one, and queues its messages in the outbox (which sends and retries them). A
// reminder whose call was moved or cancelled since (another version) is dropped unsent; one
// that cannot be queued is retried and, after its tries, set aside for the owner.

const PREFIX = 'reminders/';
const SET_ASIDE = 'reminders-set-aside/';
export const REMINDERS: ReadonlyArray<{ which: 'day' | 'hour'; hoursBefore: number }> = [
  { which: 'day', hoursBefore: 24 },
  { which: 'hour', hoursBefore: 1 },
];
/** Hours of folders the job looks back over (a job that was down catches up this far). */
const LOOKBACK_HOURS = 3;
/** 1, 2, 4, 8 minutes apart: all five tries fall well inside the look-back. */
export const REMINDER_RETRY: RetryPolicy = { firstDelayMs: 60_000, maxDelayMs: 10 * 60_000, maxAttempts: 5 };
const REMINDER_CLAIM_MS = 2 * 60_000;

const namePattern = /^(day|hour)\.(\d{13}-[0-9a-f]{10})\.(\d{13}-[0-9a-f]{10})$/;
const reminderName = (appointment: Appointment, which: 'day' | 'hour') =>
  `${which}.${appointment.id}.${appointment.version}`;

/** What a reminder's key holds: nothing until a try of it failed. */

/** A reminder set aside after its last try, as the owner's list shows it (`id`: `{day|hour}.{appointment id}.{version}`). */
const setAsideSchema = z.object({
  id: z.string().regex(namePattern),
  which: z.enum(['day', 'hour']),
  appointmentId: z.string(),
  dueAt: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  deadAt: z.string(),
});
export type SetAsideReminder = z.infer<typeof setAsideSchema>;

export function reminderKey(appointment: Appointment, which: 'day' | 'hour', dueMs: number): string {
  return sendAfterKey(PREFIX, dueMs, reminderName(appointment, which));
}

/** Writes the reminders still ahead of a booked or moved call that has an e-mail or a WhatsApp consent. */
export async function scheduleReminders(appointment: Appointment, now: Date = new Date()): Promise<void> {
  if (appointment.status !== 'confirmed' || (!appointment.email && !consentedNumber(appointment))) return;
  const start = Date.parse(appointment.start);
  const store = appointmentStore();
  await Promise.all(
    REMINDERS.map(({ which, hoursBefore }) => {
      const due = start - hoursBefore * 3_600_000;
      if (due <= now.getTime()) return Promise.resolve();
      return blobCall(() => store.setJSON(reminderKey(appointment, which, due), {}, { onlyIfNew: true }));
    }),
  );
}

export type ReminderReport = SweepReport;

/** Queues and sends one claimed reminder; whether it was still wanted. */
async function sendReminder(
  parsed: { which: 'day' | 'hour'; appointmentId: string; version: string },
  now: Date,
): Promise<boolean> {
  const appointment = await readAppointment(parsed.appointmentId);
  const current =
    appointment &&
    appointment.status === 'confirmed' &&
    appointment.version === parsed.version &&
    Date.parse(appointment.start) > now.getTime();
  if (!current) return false;
  const ids = await queueReminder(appointment, parsed.which, now);
  await Promise.all(
    ids.map((id) =>
      deliver(id, () => now).catch((error: unknown) =>
        console.error(`[reminders] ${id}: sending failed; the sweep retries`, error),
      ),
    ),
  );
  return true;
}

/** Sends the reminders due now (the minute job), until the deadline. */
export function sendDueReminders(now: Date = new Date(), deadline = Infinity): Promise<ReminderReport> {
  return sweepSendAfter(
    {
      store: appointmentStore(),
      prefix: PREFIX,
      lookbackHours: LOOKBACK_HOURS,
      claimMs: REMINDER_CLAIM_MS,
      retry: REMINDER_RETRY,
      label: '[reminders]',
      parse: (name) => {
        const parsed = namePattern.exec(name);
        return parsed ? { which: parsed[1] as 'day' | 'hour', appointmentId: parsed[2]!, version: parsed[3]! } : null;
      },
      run: sendReminder,
      // Set aside for the owner's Retry (the admin's list of dead letters).
      lastFailure: async ({ name, parsed, dueMs, attempts, lastError }, at) => {
        const setAside: SetAsideReminder = {
          id: name,
          which: parsed.which,
          appointmentId: parsed.appointmentId,
          dueAt: new Date(dueMs).toISOString(),
          attempts,
          lastError,
          deadAt: at.toISOString(),
        };
        await blobCall(() => appointmentStore().setJSON(`${SET_ASIDE}${name}`, setAside));
      },
    },
    now,
    deadline,
  );
}

/** Reminders set aside after their last try, newest first. */
export async function setAsideReminders(limit = 50): Promise<SetAsideReminder[]> {
  const store = appointmentStore();
  const { blobs } = await blobCall(() => store.list({ prefix: SET_ASIDE }));
  const values = await Promise.all(
    blobs.slice(0, limit).map((blob) => blobCall(() => store.get(blob.key, { type: 'json' }))),
  );
  return values
    .flatMap((value) => {
      const parsed = setAsideSchema.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => (a.deadAt < b.deadAt ? 1 : -1));
}

/**
 * The owner's Retry of a reminder set aside: due again now, with its tries counted afresh
 * (sent by the next minute's run, and dropped there if its call has moved or begun). Null
 * when no such reminder is set aside.
 */
export async function retryReminder(id: string, now: Date = new Date()): Promise<SetAsideReminder | null> {
  if (!namePattern.test(id)) return null;
  const store = appointmentStore();
  const parsed = setAsideSchema.safeParse(await blobCall(() => store.get(`${SET_ASIDE}${id}`, { type: 'json' })));
  if (!parsed.success) return null;
  await blobCall(() => store.setJSON(sendAfterKey(PREFIX, now.getTime(), id), {}));
  await blobCall(() => store.delete(`${SET_ASIDE}${id}`));
  return parsed.data;
}
