import type { Appointment } from '../../lib/schemas/appointment';
import { eachUntil } from '../storage/eachUntil';
import { deliver } from '../notifications';
import { blobCall } from '../storage/blobs';
import { queueReminder } from './notices';
import { consentedNumber } from '../whatsapp';
import { appointmentStore, readAppointment } from '../booking';

// Reminders 24 hours and 1 hour before a call. Each is a key under the UTC hour it is
// due, `reminders/{YYYY-MM-DDTHH}/{due ms}.{day|hour}.{appointment id}.{version}`, written
// when the call is booked or moved. The minute job lists only the last few hours' folders,
// so its cost follows the reminders due, not the calls booked. A reminder whose call was
// moved or cancelled since (another version) is dropped unsent.

const PREFIX = 'reminders/';
export const REMINDERS: ReadonlyArray<{ which: 'day' | 'hour'; hoursBefore: number }> = [
  { which: 'day', hoursBefore: 24 },
  { which: 'hour', hoursBefore: 1 },
];
/** Hours of folders the job looks back over (a job that was down catches up this far). */
const LOOKBACK_HOURS = 3;

const hourFolder = (ms: number) => `${PREFIX}${new Date(ms).toISOString().slice(0, 13)}/`;

export function reminderKey(appointment: Appointment, which: 'day' | 'hour', dueMs: number): string {
  return `${hourFolder(dueMs)}${String(dueMs).padStart(13, '0')}.${which}.${appointment.id}.${appointment.version}`;
}

function parseKey(key: string) {
  const match = /\/(\d{13})\.(day|hour)\.(\d{13}-[0-9a-f]{10})\.(\d{13}-[0-9a-f]{10})$/.exec(key);
  return match
    ? { dueMs: Number(match[1]), which: match[2] as 'day' | 'hour', appointmentId: match[3]!, version: match[4]! }
    : null;
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

export interface ReminderReport {
  sent: number;
  dropped: number;
  left: number;
}

/** Sends the reminders due now (the minute job), until the deadline. */
export async function sendDueReminders(now: Date = new Date(), deadline = Infinity): Promise<ReminderReport> {
  const store = appointmentStore();
  const folders = Array.from({ length: LOOKBACK_HOURS + 1 }, (_, back) => hourFolder(now.getTime() - back * 3_600_000));
  const listings = await Promise.all(folders.map((prefix) => blobCall(() => store.list({ prefix }))));
  const due = listings
    .flatMap(({ blobs }) => blobs.map((blob) => ({ key: blob.key, parsed: parseKey(blob.key) })))
    .filter((item) => item.parsed === null || item.parsed.dueMs <= now.getTime());
  let sent = 0;
  let dropped = 0;
  const started = await eachUntil(due, 8, deadline, async ({ key, parsed }) => {
    try {
      const appointment = parsed ? await readAppointment(parsed.appointmentId) : null;
      const current =
        appointment &&
        parsed &&
        appointment.status === 'confirmed' &&
        appointment.version === parsed.version &&
        Date.parse(appointment.start) > now.getTime();
      if (current) {
        const ids = await queueReminder(appointment, parsed.which, now);
        await Promise.all(
          ids.map((id) =>
            deliver(id, () => now).catch((error: unknown) =>
              console.error(`[reminders] ${id}: sending failed; the sweep retries`, error),
            ),
          ),
        );
        sent += 1;
      } else {
        dropped += 1;
      }
      await blobCall(() => store.delete(key));
    } catch (error) {
      console.error(`[reminders] ${key} failed; the next run tries again`, error);
    }
  });
  return { sent, dropped, left: due.length - started };
}
