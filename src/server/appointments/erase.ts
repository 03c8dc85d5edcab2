import type { Appointment } from '../../lib/schemas/appointment';
import { appointmentStore, freeTime, keysHeldBy, releaseBooking, removeAppointment } from '../booking';
import { blobCall } from '../storage/blobs';
import { upcomingKeys } from './upcoming';

// Erasing a person's calls and sessions (docs/privacy.md, "Erasure"): a call still ahead gives
// its time back, then the record goes with its reminders (pending and set aside) and the
// person's "already booked" claims. The owner is told by the erasure itself, in words that
// name no one: a cancellation notice would copy the person into a new event and mail.

/**
 * Removes the appointments and everything keyed by them. Returns the starts of the calls and
 * sessions that were still ahead (their time is free again).
 */
export async function eraseAppointments(appointments: readonly Appointment[], now: Date): Promise<string[]> {
  if (appointments.length === 0) return [];
  const store = appointmentStore();
  const [reminders, setAside] = await Promise.all([
    blobCall(() => store.list({ prefix: 'reminders/' })),
    blobCall(() => store.list({ prefix: 'reminders-set-aside/' })),
  ]);
  const ahead: string[] = [];
  for (const appointment of appointments) {
    if (appointment.status === 'confirmed') {
      if (Date.parse(appointment.start) > now.getTime()) ahead.push(appointment.start);
      await Promise.all([
        freeTime(keysHeldBy(appointment), appointment.id),
        releaseBooking(appointment.bookingId, appointment.id),
      ]);
    }
    const own = [...reminders.blobs, ...setAside.blobs].filter(({ key }) => key.includes(`.${appointment.id}.`));
    await Promise.all(own.map(({ key }) => blobCall(() => store.delete(key))));
    await removeAppointment(appointment.id);
  }
  return ahead.sort();
}

/** Drops the person's "already booked" claims (one-way hashes of their number and mailbox). */
export async function forgetUpcomingClaims(visitor: { phone: string; email?: string | null }): Promise<number> {
  const store = appointmentStore();
  const keys = upcomingKeys(visitor).map(({ key }) => key);
  await Promise.all(keys.map((key) => blobCall(() => store.delete(key))));
  return keys.length;
}
