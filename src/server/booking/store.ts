import { SLOT_MINUTES, type Appointment, appointmentSchema } from '../../lib/schemas/appointment';
import { istDateOf, istClock } from '../../lib/schedule/istClock';
import type { TakenInterval } from '../../lib/schedule/slots';
import { readForUpdate } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';

// One Blobs store for the calendar (docs/scheduling.md):
//   records/{id}             an appointment
//   slots/{YYYY-MM-DD}/{HHMM} one key per taken start (IST), written onlyIfNew: of two
//                            requests for one slot, on any number of instances, one wins.
//                            The free slots of two weeks cost two or three listings of
//                            those days' key names (see takenOnDates) and no reads,
//                            however many calls are booked on other days.
//   by-booking/{bookingId}   the booking's active appointment (onlyIfNew: one per booking)
//   upcoming/{phone|mailbox}-{hash}  the person's upcoming call (onlyIfNew: one per phone and
//                            per mailbox; see appointments/upcoming.ts)
//   reminders/{YYYY-MM-DDTHH}/...  reminders by the UTC hour they are due (see appointments/reminders.ts)
//   settings/...             availability, the feed secret, the manage-link key

export const APPOINTMENT_STORE = 'appointments';
export const appointmentStore = () => collectionStore(APPOINTMENT_STORE);

const SLOT_MS = SLOT_MINUTES * 60_000;
const recordKey = (id: string) => `records/${id}`;
const bookingKey = (bookingId: string) => `by-booking/${bookingId}`;

/** The day folder and the key of a start time (IST). */
export function slotKey(startMs: number): string {
  return `slots/${istDateOf(startMs)}/${istClock(startMs).replace(':', '')}`;
}

/** The start instant a slot key names, or null for any other key. */
export function startOfSlotKey(key: string): number | null {
  const match = /^slots\/(\d{4}-\d{2}-\d{2})\/(\d{2})(\d{2})$/.exec(key);
  if (!match) return null;
  const at = Date.parse(`${match[1]}T${match[2]}:${match[3]}:00+05:30`);
  return Number.isNaN(at) ? null : at;
}

/**
 * The taken calls on these IST dates (keys only). A listing's prefix is a string prefix, so
 * one listing covers up to ten days (`slots/2026-11-2` is the 20th to the 29th): two weeks
 * cost two or three listings of those days' keys.
 */
export async function takenOnDates(dates: readonly string[]): Promise<Array<TakenInterval & { key: string }>> {
  const store = appointmentStore();
  const wanted = new Set(dates);
  const prefixes = [...new Set(dates.map((date) => `slots/${date.slice(0, 9)}`))];
  const listings = await Promise.all(prefixes.map((prefix) => blobCall(() => store.list({ prefix }))));
  const taken: Array<TakenInterval & { key: string }> = [];
  for (const { blobs } of listings) {
    for (const { key } of blobs) {
      const start = startOfSlotKey(key);
      if (start !== null && wanted.has(key.slice(6, 16))) taken.push({ start, end: start + SLOT_MS, key });
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}

/** Takes a slot for an appointment; false when it is taken already. */
export async function claimSlot(startMs: number, appointmentId: string): Promise<boolean> {
  const store = appointmentStore();
  const { modified } = await blobCall(() =>
    store.setJSON(slotKey(startMs), { appointmentId, at: new Date().toISOString() }, { onlyIfNew: true }),
  );
  return modified;
}

export async function slotHolder(key: string): Promise<string | null> {
  const store = appointmentStore();
  const value = (await blobCall(() => store.get(key, { type: 'json' }))) as { appointmentId?: string } | null;
  return value?.appointmentId ?? null;
}

/** Takes a slot by its key (a session's keys); false when it is taken already. */
export async function claimSlotKey(key: string, appointmentId: string): Promise<boolean> {
  const start = startOfSlotKey(key);
  if (start === null) throw new Error(`Not a slot key: ${key}`);
  return claimSlot(start, appointmentId);
}

/** Frees a slot by its key, only if this appointment holds it. */
export async function releaseSlotKey(key: string, appointmentId: string): Promise<void> {
  const start = startOfSlotKey(key);
  if (start !== null) await releaseSlot(start, appointmentId);
}

/** Frees a slot, only if this appointment holds it. */
export async function releaseSlot(startMs: number, appointmentId: string): Promise<void> {
  const key = slotKey(startMs);
  if ((await slotHolder(key)) !== appointmentId) return;
  const store = appointmentStore();
  await blobCall(() => store.delete(key));
}

export interface BookingClaim {
  appointmentId: string;
  at: string;
}

/** Marks the booking's active appointment; the existing claim when there is one. */
export async function claimBooking(bookingId: string, appointmentId: string, now: Date): Promise<BookingClaim | null> {
  const store = appointmentStore();
  const claim: BookingClaim = { appointmentId, at: now.toISOString() };
  const { modified } = await blobCall(() => store.setJSON(bookingKey(bookingId), claim, { onlyIfNew: true }));
  if (modified) return null;
  const existing = (await blobCall(() => store.get(bookingKey(bookingId), { type: 'json' }))) as BookingClaim | null;
  // Gone in between (cancelled meanwhile): nothing holds the booking, but do not race on.
  return existing ?? { appointmentId: '', at: now.toISOString() };
}

export async function activeAppointmentIdOf(bookingId: string): Promise<string | null> {
  const store = appointmentStore();
  const existing = (await blobCall(() => store.get(bookingKey(bookingId), { type: 'json' }))) as BookingClaim | null;
  return existing?.appointmentId || null;
}

/** The booking's call while it is booked (confirmed), else null. */
export async function activeAppointmentOf(bookingId: string): Promise<Appointment | null> {
  const id = await activeAppointmentIdOf(bookingId);
  const call = id ? await readAppointment(id) : null;
  return call?.status === 'confirmed' ? call : null;
}

/** Lets the booking have another appointment (after a cancel, or a claim that came to nothing). */
export async function releaseBooking(bookingId: string, appointmentId: string): Promise<void> {
  if ((await activeAppointmentIdOf(bookingId)) !== appointmentId) return;
  await blobCall(() => appointmentStore().delete(bookingKey(bookingId)));
}

export async function writeNewAppointment(appointment: Appointment): Promise<void> {
  const store = appointmentStore();
  await blobCall(() =>
    store.setJSON(recordKey(appointment.id), appointmentSchema.parse(appointment), { onlyIfNew: true }),
  );
}

/** Deletes a record that never became a call (its slot was taken by another). */
export async function removeAppointment(id: string): Promise<void> {
  await blobCall(() => appointmentStore().delete(recordKey(id)));
}

export async function readAppointment(id: string): Promise<Appointment | null> {
  const store = appointmentStore();
  const value = await blobCall(() => store.get(recordKey(id), { type: 'json' }));
  return value == null ? null : appointmentSchema.parse(value);
}

export interface VersionedAppointment {
  appointment: Appointment;
  etag: string;
}

export async function readAppointmentForUpdate(id: string): Promise<VersionedAppointment | null> {
  const found = await readForUpdate(appointmentStore(), recordKey(id));
  return found ? { appointment: appointmentSchema.parse(found.data), etag: found.etag } : null;
}

/** Replaces the record only if nobody changed it since it was read; false when refused. */
export async function replaceAppointment(appointment: Appointment, etag: string): Promise<boolean> {
  const store = appointmentStore();
  const { modified } = await blobCall(() =>
    store.setJSON(recordKey(appointment.id), appointmentSchema.parse(appointment), { onlyIfMatch: etag }),
  );
  return modified;
}

/** A slot key this old whose call is not (or no longer) there was left by a request that died. */
const STALE_SLOT_MS = 2 * 60_000;

/**
 * The confirmed calls holding slots on these dates (the admin and the calendar feed). A
 * key whose call is elsewhere (a move that died before rewriting its record) is not a call;
 * once it is a few minutes old it is deleted, so the time is offered again.
 */
export async function appointmentsOnDates(dates: readonly string[]): Promise<Appointment[]> {
  const store = appointmentStore();
  const taken = await takenOnDates(dates);
  const holders = await Promise.all(
    taken.map(
      async (slot) =>
        ((await blobCall(() => store.get(slot.key, { type: 'json' }))) as {
          appointmentId?: string;
          at?: string;
        } | null) ?? {},
    ),
  );
  // A session's several keys name one record: each record is read once.
  const ids = [...new Set(holders.flatMap((holder) => (holder.appointmentId ? [holder.appointmentId] : [])))];
  const records = new Map(await Promise.all(ids.map(async (id) => [id, await readAppointment(id)] as const)));
  const calls = new Map<string, Appointment>();
  const now = Date.now();
  await Promise.all(
    taken.map(async (slot, index) => {
      const holder = holders[index]?.appointmentId;
      const record = holder ? (records.get(holder) ?? null) : null;
      // A paid session holds several keys: each of those it names is its own.
      const holds =
        record &&
        (record.session ? record.session.slotKeys.includes(slot.key) : Date.parse(record.start) === slot.start);
      if (record && record.status === 'confirmed' && holds) {
        calls.set(record.id, record);
        return;
      }
      const at = Date.parse(holders[index]?.at ?? '');
      if (Number.isNaN(at) || now - at < STALE_SLOT_MS) return;
      console.error(`[appointments] ${slot.key}: no call holds it any more; freeing it`);
      await blobCall(() => store.delete(slot.key));
    }),
  );
  return [...calls.values()].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/**
 * Every appointment record that passes `test`, newest first: a listing of `records/` and a
 * read of each, a batch at a time. For a person's rights only (docs/privacy.md): rare, and
 * after the response.
 */
export async function appointmentsWhere(test: (appointment: Appointment) => boolean): Promise<Appointment[]> {
  const store = appointmentStore();
  const { blobs } = await blobCall(() => store.list({ prefix: 'records/' }));
  const ids = blobs.map(({ key }) => key.slice('records/'.length));
  const found: Appointment[] = [];
  for (let start = 0; start < ids.length; start += 25) {
    const batch = await Promise.all(ids.slice(start, start + 25).map((id) => readAppointment(id).catch(() => null)));
    for (const appointment of batch) if (appointment && test(appointment)) found.push(appointment);
  }
  return found.sort((a, b) => (a.id < b.id ? -1 : 1));
}
