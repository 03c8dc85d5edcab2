import { appointmentSchema, type Appointment } from '../../lib/schemas/appointment';
import { countCallBooked } from '../appointments/outcomeFollowUp';
import { APPOINTMENT_STORE, appointmentStore } from '../appointments/store';
import { sourceKey } from '../notifications/leadSources';
import { updateJson } from '../storage/atomicJson';
import { blobCall } from '../storage/blobs';
import { bookings } from './bookings';

// What converts' "calls booked" (issue 30) is counted when a call is booked, so the calls
// booked before that count existed were missing from it. This counts them once, as a stage
// of the minute job, until it has been through every record: a discovery call without a
// `leadSource` is one booked before the count (every call booked since carries it), counted
// under its booking's source on the day it was booked, with the same change id as
// countCallBooked. Progress is kept after each batch, so a run cut short goes on from there
// a minute later: a batch done twice in that time is counted once, as the tally drops a
// change it folded within the hour (storage/tally.ts).

export const BACKFILL_STATE_KEY = 'backfills/calls-booked';
const RECORD_PREFIX = 'records/';
const BATCH = 20;

interface BackfillState {
  /** The last record key done, in listing order. */
  after: string | null;
  done: boolean;
}

export interface BackfillReport {
  counted: number;
  done: boolean;
}

/** Whether a stored call is one booked before calls were counted (pure). */
const bookedBeforeCounting = (appointment: Appointment) => !appointment.session && appointment.leadSource === undefined;

async function readState(): Promise<BackfillState> {
  const value = (await blobCall(() => appointmentStore().get(BACKFILL_STATE_KEY, { type: 'json' }))) as Partial<BackfillState> | null;
  return { after: typeof value?.after === 'string' ? value.after : null, done: value?.done === true };
}

/** Moves the progress forward only: of two runs overlapping, the one behind never takes it back. */
async function saveState(next: BackfillState): Promise<void> {
  await updateJson(APPOINTMENT_STORE, BACKFILL_STATE_KEY, (current) => {
    const known = current as Partial<BackfillState> | null;
    if (known?.done) return undefined;
    if (!next.done && typeof known?.after === 'string' && next.after !== null && known.after >= next.after) return undefined;
    return next;
  });
}

async function countOne(key: string): Promise<boolean> {
  const parsed = appointmentSchema.safeParse(await blobCall(() => appointmentStore().get(key, { type: 'json' })));
  // A record that is not a call any more (or never parsed) is skipped, not retried every minute.
  if (!parsed.success) {
    console.error(`[backfill] ${key} is not an appointment; not counted`);
    return false;
  }
  if (!bookedBeforeCounting(parsed.data)) return false;
  const booking = await bookings.get(parsed.data.bookingId);
  await countCallBooked({ ...parsed.data, leadSource: sourceKey(booking?.attribution) });
  return true;
}

export async function backfillCallsBooked(deadline: number): Promise<BackfillReport> {
  // Once done, one read a minute: cheaper to keep than a second way to know.
  const state = await readState();
  if (state.done) return { counted: 0, done: true };
  const { blobs } = await blobCall(() => appointmentStore().list({ prefix: RECORD_PREFIX }));
  const keys = blobs.map((blob) => blob.key).filter((key) => state.after === null || key > state.after).sort();
  let counted = 0;
  for (let start = 0; start < keys.length; start += BATCH) {
    if (Date.now() >= deadline) return { counted, done: false };
    const batch = keys.slice(start, start + BATCH);
    counted += (await Promise.all(batch.map(countOne))).filter(Boolean).length;
    await saveState({ after: batch[batch.length - 1]!, done: false });
  }
  await saveState({ after: null, done: true });
  return { counted, done: true };
}
