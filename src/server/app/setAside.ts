import type { SetAsideEvent, SetAsideRetry } from '../../lib/schemas/setAside';
import { retryReminder, setAsideReminders } from '../appointments';
import { readAppointment } from '../booking';
import { listSetAsideEvents, retrySetAsideEvent } from '../followUp/setAside';
import { notFound } from '../http/errors';
import { entriesWithIds, failedIds } from '../notifications';
import { resendNotification } from './notificationList';

// The owner's one list of the durable queue's dead letters (docs/queue.md): follow-up events,
// messages that failed for good and reminders, each with its last error, and one Retry that
// puts any of them back. It sits in the composition root because it knows all three.

const LIMIT = 50;

async function failedMessages(): Promise<SetAsideEvent[]> {
  const entries = await entriesWithIds((await failedIds()).slice(0, LIMIT));
  return entries.map((entry) => ({
    queue: 'message',
    id: entry.id,
    recordedAt: entry.createdAt,
    deadAt: entry.claimedAt,
    attempts: entry.attempts,
    lastError: entry.lastError,
    what: entry.subject,
    leadId: entry.leadId,
    who: entry.channel === 'visitor-email' || entry.channel === 'whatsapp' ? entry.to : null,
    done: [],
  }));
}

async function failedReminders(): Promise<SetAsideEvent[]> {
  const reminders = await setAsideReminders(LIMIT);
  return Promise.all(
    reminders.map(async (reminder) => {
      const appointment = await readAppointment(reminder.appointmentId).catch(() => null);
      return {
        queue: 'reminder' as const,
        id: reminder.id,
        recordedAt: reminder.dueAt,
        deadAt: reminder.deadAt,
        attempts: reminder.attempts,
        lastError: reminder.lastError,
        what: `reminder ${reminder.which === 'day' ? 'a day' : 'an hour'} before a call`,
        leadId: reminder.appointmentId,
        who: appointment?.name ?? null,
        done: [],
      };
    }),
  );
}

/** Everything set aside after its last try, newest first. */
export async function listSetAside(): Promise<SetAsideEvent[]> {
  const lists = await Promise.all([listSetAsideEvents(), failedMessages(), failedReminders()]);
  const when = (item: SetAsideEvent) => item.deadAt ?? item.recordedAt;
  return lists.flat().sort((a, b) => (when(a) < when(b) ? 1 : when(a) > when(b) ? -1 : 0));
}

/** The one Retry: the item goes back to its queue, due now, with its tries counted afresh. */
export async function retrySetAside({ queue, id }: SetAsideRetry): Promise<{ id: string }> {
  if (queue === 'follow-up') return retrySetAsideEvent(id);
  if (queue === 'message') return { id: (await resendNotification(id)).id };
  if (!(await retryReminder(id))) throw notFound('No such reminder is set aside.');
  return { id };
}
