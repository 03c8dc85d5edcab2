import { bookingRow } from '../../lib/admin/customerExport';
import { bookingSchema } from '../../lib/schemas/booking';
import { bookingProfile } from './profiles';
import { bookingTodo } from './todoRules';
import { withCallDue } from '../booking';
import { bookingEvent } from './leadEvents';
import { type LeadKindDefinition, defineLeadCollection } from './leadCollection';

/** The bookings' store, named once. */
export const BOOKING_STORE = 'bookings';

export const bookingKind = {
  ...bookingProfile,
  store: BOOKING_STORE,
  schema: bookingSchema,
  announce: bookingEvent,
  todo: bookingTodo,
  adjustTodo: withCallDue,
  exportRow: bookingRow,
} satisfies LeadKindDefinition<typeof bookingSchema>;

export const bookings = defineLeadCollection(bookingKind);
