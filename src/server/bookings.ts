import { bookingSchema } from '../lib/schemas/booking';
import { defineCollection } from './storage/collection';

export const bookings = defineCollection('bookings', bookingSchema);
