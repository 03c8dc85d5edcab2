import { bookingSchema } from '../../lib/schemas/booking';
import { defineCollection } from '../storage/collection';

// The bookings' store, named once. An effect the lead pipeline runs (the receipt's WhatsApp
// consent) reads a booking here: the lead collection in leads/bookings.ts imports
// the pipeline, so reading through it from an effect would be a cycle (as payments/record.ts).
export const BOOKING_STORE = 'bookings';

/** Bookings, read-only: no lead hooks (writes go through leads/bookings.ts). */
export const bookingRecords = defineCollection(BOOKING_STORE, bookingSchema);
