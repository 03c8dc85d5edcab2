import { bookingSchema } from '../lib/schemas/booking';
import { leadBookkeeping } from './admin/bookkeeping';
import { bookingProfile } from './admin/leadProfiles';
import { bookingEvent } from './notifications/leadEvents';
import { defineCollection } from './storage/collection';

export const bookings = defineCollection('bookings', bookingSchema, { hooks: leadBookkeeping(bookingProfile, bookingEvent) });
