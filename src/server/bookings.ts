import { bookingSchema } from '../lib/schemas/booking';
import { leadBookkeeping } from './admin/bookkeeping';
import { bookingProfile } from './admin/leadProfiles';
import { bookingEvent } from './notifications/leadEvents';
import { defineCollection } from './storage/collection';
import { bookingTodo } from './admin/todo/todoRules';
import { withCallDue } from './appointments/callTodo';

export const bookings = defineCollection('bookings', bookingSchema, { hooks: leadBookkeeping(bookingProfile, bookingEvent, bookingTodo, withCallDue) });
