import { type Availability, availabilitySchema, defaultAvailability } from '../../lib/schemas/appointment';
import { blobCall } from '../storage/blobs';
import { appointmentStore } from './store';

const KEY = 'settings/availability';

export interface StoredAvailability extends Availability {
  updatedAt: string | null;
}

/** The owner's availability; the defaults (business hours) until they save their own. */
export async function readAvailability(): Promise<StoredAvailability> {
  const value = (await blobCall(() => appointmentStore().get(KEY, { type: 'json' }))) as
    (Availability & { updatedAt?: string }) | null;
  if (!value) return { ...defaultAvailability, updatedAt: null };
  const parsed = availabilitySchema.safeParse(value);
  if (!parsed.success) {
    console.error(
      '[appointments] the stored availability is not readable; using the defaults',
      parsed.error.issues.slice(0, 3),
    );
    return { ...defaultAvailability, updatedAt: null };
  }
  return { ...parsed.data, updatedAt: value.updatedAt ?? null };
}

/** Replaces the availability; applies to the next GET /api/slots at once. */
export async function saveAvailability(
  availability: Availability,
  now: Date = new Date(),
): Promise<StoredAvailability> {
  const value = {
    ...availabilitySchema.parse(availability),
    blockedDates: [...new Set(availability.blockedDates)].sort(),
    updatedAt: now.toISOString(),
  };
  await blobCall(() => appointmentStore().setJSON(KEY, value));
  return value;
}
