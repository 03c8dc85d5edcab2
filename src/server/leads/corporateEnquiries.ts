import { corporateEnquiryRow } from '../../lib/admin/customerExport';
import { type CorporateEnquiry, corporateEnquirySchema, employeeBandLabel } from '../../lib/schemas/corporateEnquiry';
import type { LeadEvent } from '../../lib/schemas/leadEvent';
import type { RecordMeta } from '../../lib/schemas/recordMeta';
import type { TodoEntry } from '../../lib/schemas/todo';
import { type LeadKindDefinition, defineLeadCollection } from './leadCollection';
import { todoEntryOf } from './todoRules';
import { corrected } from './profiles';

// The corporate page's enquiry: an employer's HR lead. Everything the site does
// with it follows from this definition and its line in the registry.

type Stored = CorporateEnquiry & RecordMeta;

function corporateEnquiryEvent(enquiry: Stored): LeadEvent {
  return {
    kind: 'corporate-enquiry',
    leadId: enquiry.id,
    at: enquiry.createdAt,
    person: { name: enquiry.name, phone: enquiry.phone, email: enquiry.email },
    choice: enquiry.company,
    details: [
      { label: 'Company', value: enquiry.company },
      { label: 'Employees', value: employeeBandLabel(enquiry.employees) },
      { label: 'Role', value: enquiry.role },
      ...(enquiry.message ? [{ label: 'Message', value: enquiry.message }] : []),
    ],
    attribution: enquiry.attribution ?? null,
  };
}

/** Pending until the owner has answered it; due when the promised reply runs out. */
function corporateEnquiryTodo(enquiry: Stored): TodoEntry | null {
  return (enquiry.status ?? 'pending') === 'pending'
    ? todoEntryOf('corporateEnquiry', corporateEnquiryEvent(enquiry))
    : null;
}

export const corporateEnquiryKind = {
  type: 'corporateEnquiry',
  counter: 'corporateEnquiries',
  store: 'corporateEnquiries',
  schema: corporateEnquirySchema,
  person: (enquiry) => ({ name: enquiry.name, phone: enquiry.phone, email: enquiry.email }),
  withPerson: (enquiry, change) => corrected(enquiry, change, { name: 'name', phone: 'phone', email: 'email' }),
  hit: (enquiry) => ({
    type: 'corporateEnquiry',
    id: enquiry.id,
    createdAt: enquiry.createdAt,
    name: enquiry.name,
    phone: enquiry.phone,
    email: enquiry.email,
    title: `Corporate enquiry: ${enquiry.company}`,
    status: enquiry.status ?? 'pending',
    amount: null,
    attribution: enquiry.attribution ?? null,
  }),
  announce: corporateEnquiryEvent,
  todo: corporateEnquiryTodo,
  exportRow: corporateEnquiryRow,
} satisfies LeadKindDefinition<typeof corporateEnquirySchema, Stored>;

export const corporateEnquiries = defineLeadCollection(corporateEnquiryKind);
