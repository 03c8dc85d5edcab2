import type { RecordKind } from '../../lib/leads/kinds';
import { bookingKind, bookings } from './bookings';
import { contactKind, contacts } from './contacts';
import { corporateEnquiries, corporateEnquiryKind } from './corporateEnquiries';
import { downloadKind, downloads } from './downloads';
import { paymentKind, payments } from './payments';
import { subscriberKind, subscribers } from './subscribers';

// Every kind of lead's server definition and collection, declared once: the recount, the
// person search, the export and the demo seed read this table, not lists of their own. The
// names and wording the browser shares are src/lib/leads/kinds.ts; typed over its kinds, a
// kind added there does not type-check until it has its line here. What else a new kind
// needs: docs/architecture.md, "Lead kinds, declared once".

export const leadRegistry = {
  booking: { definition: bookingKind, collection: bookings },
  contact: { definition: contactKind, collection: contacts },
  payment: { definition: paymentKind, collection: payments },
  download: { definition: downloadKind, collection: downloads },
  subscriber: { definition: subscriberKind, collection: subscribers },
  corporateEnquiry: { definition: corporateEnquiryKind, collection: corporateEnquiries },
} as const satisfies Record<RecordKind, unknown>;

export type LeadRegistry = typeof leadRegistry;
