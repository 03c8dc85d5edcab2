import { createHash } from 'node:crypto';
import type { NotificationKind } from '../../lib/schemas/notifications';
import { conversionField, dayBucket, leadSourceTally, sourceKey } from '../sources';
import type { SentMessage } from '../whatsapp';
import { readAppointment } from '../booking';

// The reminder read rate of What converts: a discovery call's WhatsApp reminder
// counts as sent when Meta accepts it and as read when the webhook says so, under the call's lead
// source, on the day the call was booked (as its `callsBooked` is, so the rate is that of the calls
// booked in the window). Each count is a tally change named by the message (a hash of its
// wamid), so a retry or a repeated status counts once.

const REMINDER_KINDS: readonly string[] = [
  'appointment-reminder-day',
  'appointment-reminder-hour',
] satisfies NotificationKind[];
const isReminderKind = (kind: string | null | undefined) => kind != null && REMINDER_KINDS.includes(kind);

const changeId = (what: 'sent' | 'read', wamid: string) =>
  `reminder-${what}-${createHash('sha256').update(wamid).digest('hex').slice(0, 32)}`;

/** The call's source and the day it was booked, or null for a session or a call no longer stored. */
async function callSource(appointmentId: string): Promise<{ source: string; bucket: string } | null> {
  const call = await readAppointment(appointmentId);
  if (!call || call.session) return null;
  return { source: call.leadSource ?? sourceKey(null), bucket: dayBucket(new Date(call.createdAt)) };
}

/** A reminder Meta accepted for a call. */
export async function countReminderSent(message: {
  wamid: string;
  kind: string;
  appointmentId?: string | undefined;
}): Promise<void> {
  if (!isReminderKind(message.kind) || !message.appointmentId) return;
  const call = await callSource(message.appointmentId);
  if (call)
    await leadSourceTally.add(changeId('sent', message.wamid), call.bucket, {
      [conversionField(call.source, 'remindersSent')]: 1,
    });
}

/** A message read (as the status stored it): counted when it is a call's reminder. */
export async function countReminderRead(
  message: Pick<SentMessage, 'wamid' | 'purpose' | 'appointmentId'>,
): Promise<void> {
  if (!isReminderKind(message.purpose) || !message.appointmentId) return;
  const call = await callSource(message.appointmentId);
  if (call)
    await leadSourceTally.add(changeId('read', message.wamid), call.bucket, {
      [conversionField(call.source, 'remindersRead')]: 1,
    });
}
