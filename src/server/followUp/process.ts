import { leadKinds, type LeadKind } from '../../lib/schemas/notifications';
import { queueCallNotices } from '../appointments/notices';
import { syncCallTodo } from '../appointments/callTodo';
import { scheduleReminders } from '../appointments/reminders';
import { indexPerson } from '../admin/search/personIndex';
import { addTodo } from '../admin/todo/pendingIndex';
import { addToCounts } from '../admin/stats/counterStore';
import { deliver } from '../notifications/deliver';
import { countConversion } from '../notifications/conversions';
import { countLeadSource } from '../notifications/leadSources';
import { queueLeadNotifications } from '../notifications/queue';
import { blobCall, collectionStore } from '../storage/blobs';
import { recordKey } from '../storage/keys';
import { type FollowUpEvent, eventTime, finishEvent, readEvent } from './events';

// Doing a lead's follow-up event (DECISIONS 26). Every step is idempotent, so the event
// may be done twice (the request's follow-up and the minute job, or a run that died half
// way and the next): the record and the outbox entries are written onlyIfNew, the counts
// and the source are tally changes named by the event, the index keys are facts. The
// event is deleted only once every step has succeeded; sending is then the outbox's.

const isLeadKind = (kind: string): kind is LeadKind => (leadKinds as readonly string[]).includes(kind);

/** Events this process is doing right now: the minute job leaves them to it. */
const inFlight = new Set<string>();
export const isInFlight = (eventId: string) => inFlight.has(eventId);

async function storeRecord(record: NonNullable<FollowUpEvent['record']>): Promise<void> {
  const store = collectionStore(record.collection);
  await blobCall(() => store.setJSON(recordKey(record.id), record.value, { onlyIfNew: true }));
}

/** Stores everything the event asks for and finishes it; the outbox entries to send. */
export async function completeEvent(event: FollowUpEvent): Promise<string[]> {
  const { lead } = event;
  const steps: Array<Promise<void>> = [];
  if (event.record) steps.push(storeRecord(event.record));
  if (event.counts) steps.push(addToCounts(event.id, event.counts));
  if (event.person) steps.push(indexPerson(event.person.type, event.person.id, event.person.person));
  if (event.todo) {
    const { todo } = event;
    // A free call's request may have its call booked before this runs: the to-do then
    // takes the call's start (checked after the key is written, so neither order loses it).
    steps.push(addTodo(todo).then(() => (lead?.kind === 'discovery-call' ? syncCallTodo(todo.id) : undefined)));
  }
  if (lead && isLeadKind(lead.kind)) steps.push(countLeadSource(event.id, lead.kind, lead.attribution, new Date(lead.at)));
  if (lead?.kind === 'payment-captured') steps.push(countConversion(event.id, lead));
  if (event.appointment) steps.push(scheduleReminders(event.appointment.appointment), syncCallTodo(event.appointment.appointment.bookingId));
  const [entries, callEntries] = await Promise.all([
    lead ? queueLeadNotifications(lead) : Promise.resolve([]),
    event.appointment ? queueCallNotices(event.appointment) : Promise.resolve([]),
    ...steps,
  ]);
  await finishEvent(event.id);
  return [...entries, ...callEntries];
}

/** Sends the entries now; whatever fails stays due for the sweep. */
export async function deliverAll(entryIds: readonly string[]): Promise<void> {
  await Promise.all(
    entryIds.map((id) => deliver(id).catch((error: unknown) => console.error(`[notifications] ${id}: sending failed; the sweep retries`, error))),
  );
}

// A follow-up that waited this long (behind others) reads its event again first: someone
// else may have done it meanwhile, and there is no point in doing it twice.
const STALE_AFTER_MS = 20_000;

async function doEvent(event: FollowUpEvent): Promise<void> {
  const current = Date.now() - eventTime(event.id) > STALE_AFTER_MS ? await readEvent(event.id) : event;
  if (current) await deliverAll(await completeEvent(current));
}

/**
 * Marks the event as this process's from now (a request's follow-up, queued behind
 * others): the minute job in this process leaves it alone. False when it is taken.
 */
export function holdEvent(eventId: string): boolean {
  if (inFlight.has(eventId)) return false;
  inFlight.add(eventId);
  return true;
}

/** Does an event held with holdEvent and lets it go. */
export async function followUpHeld(event: FollowUpEvent): Promise<void> {
  try {
    await doEvent(event);
  } finally {
    inFlight.delete(event.id);
  }
}

/** Does the event and sends its messages, unless this process is doing it already. */
export async function followUp(event: FollowUpEvent): Promise<'done' | 'busy'> {
  if (!holdEvent(event.id)) return 'busy';
  await followUpHeld(event);
  return 'done';
}
