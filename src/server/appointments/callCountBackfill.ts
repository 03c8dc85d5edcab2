import type { Appointment } from '../../lib/schemas/appointment';
import { countCallBooked } from './outcomeFollowUp';
import {
  APPOINTMENT_STORE,
  type VersionedAppointment,
  appointmentStore,
  readAppointmentForUpdate,
  replaceAppointment,
} from '../booking';
import { sourceKey } from '../sources';
import { updateJson } from '../storage/atomicJson';
import { blobCall } from '../storage/blobs';
import { bookings } from '../leads';

// What converts' "calls booked" is counted when a call is booked, so the calls
// booked before that count existed were missing from it. This counts them once, in the minute
// job's hourly housekeeping run, until it has been through every record: a discovery call
// without a `leadSource` is one booked before the count (every call booked since carries it).
// It is counted under its booking's source on the day it was booked, with countCallBooked's
// change id, and then the source is written on the record (a conditional write), so the record
// itself says it was counted and no later run counts it again. Progress is kept after each
// batch, so a run cut short goes on from there; once through, a run costs one read.

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
  const value = (await blobCall(() =>
    appointmentStore().get(BACKFILL_STATE_KEY, { type: 'json' }),
  )) as Partial<BackfillState> | null;
  return { after: typeof value?.after === 'string' ? value.after : null, done: value?.done === true };
}

/** Moves the progress forward only: of two runs overlapping, the one behind never takes it back. */
async function saveState(next: BackfillState): Promise<void> {
  await updateJson(APPOINTMENT_STORE, BACKFILL_STATE_KEY, (current) => {
    const known = current as Partial<BackfillState> | null;
    if (known?.done) return undefined;
    if (!next.done && typeof known?.after === 'string' && next.after !== null && known.after >= next.after)
      return undefined;
    return next;
  });
}

const MARK_ATTEMPTS = 3;

async function countOne(key: string): Promise<boolean> {
  const id = key.slice(RECORD_PREFIX.length);
  for (let attempt = 0; attempt < MARK_ATTEMPTS; attempt += 1) {
    let found: VersionedAppointment | null;
    try {
      found = await readAppointmentForUpdate(id);
    } catch {
      // A record that does not parse is skipped, not retried every hour.
      console.error(`[backfill] ${key} is not an appointment; not counted`);
      return false;
    }
    if (!found || !bookedBeforeCounting(found.appointment)) return false;
    const booking = await bookings.get(found.appointment.bookingId);
    const counted: Appointment = { ...found.appointment, leadSource: sourceKey(booking?.attribution) };
    // Counted, then marked: a mark refused (the call changed meanwhile) is tried again on the
    // record as it is now, and its count, written again, is the same change, stored once.
    await countCallBooked(counted);
    if (await replaceAppointment(counted, found.etag)) return true;
  }
  return false;
}

export async function backfillCallsBooked(deadline: number): Promise<BackfillReport> {
  const state = await readState();
  if (state.done) return { counted: 0, done: true };
  const { blobs } = await blobCall(() => appointmentStore().list({ prefix: RECORD_PREFIX }));
  const keys = blobs
    .map((blob) => blob.key)
    .filter((key) => state.after === null || key > state.after)
    .sort();
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
