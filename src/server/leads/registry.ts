import type { RecordKind } from '../../lib/leads/kinds';
import { bookingKind, bookings } from './bookings';
import { contactKind, contacts } from './contacts';
import { corporateEnquiries, corporateEnquiryKind } from './corporateEnquiries';
import { downloadKind, downloads } from './downloads';
import { paymentKind, payments } from './payments';
import { subscriberKind, subscribers } from './subscribers';

// Every kind of lead, declared once (DECISIONS 32): the recount, search, export, stats,
// to-do and notifications read this table, not lists of their own. The names the browser
// shares are src/lib/leads/kinds.ts; a new kind is a line there, a line here, its schema,
// its server file, its function and its form.

export const leadRegistry = {
  booking: { definition: bookingKind, collection: bookings },
  contact: { definition: contactKind, collection: contacts },
  payment: { definition: paymentKind, collection: payments },
  download: { definition: downloadKind, collection: downloads },
  subscriber: { definition: subscriberKind, collection: subscribers },
  corporateEnquiry: { definition: corporateEnquiryKind, collection: corporateEnquiries },
} as const satisfies Record<RecordKind, unknown>;

export type LeadRegistry = typeof leadRegistry;
