import { OWNER_ADDED_SOURCE } from '../../lib/admin/leadSource';
import { recordKinds } from '../../lib/leads/kinds';
import type { Attribution } from '../../lib/schemas/attribution';
import { type LeadRecord, leadRecordsOf } from '../leads';
import { phoneKey } from '../indexes/search/personKeys';

// Where a client the owner asked to pay came from (docs/payments.md, "What converts";
// docs/decisions/0042-one-person-view.md): a payment request for someone without a booking
// makes one, and its payment counts under that booking's source. A person is the records
// that share a number (last 10 digits) or a mailbox, so the booking takes the source of
// the person's newest lead that has one, and is no new lead (that lead was counted). Someone
// with no such lead is a lead the owner added: counted once, under "Added by the owner".

export interface NewClientSource {
  attribution: Attribution;
  /** Whether the booking is a lead of its own in 'Leads by source' (counted, never announced). */
  newLead: boolean;
}

/** Kinds whose records are leads (a payment is an event of a booking, not a lead). */
const isLead = (lead: LeadRecord) => Object.keys(recordKinds[lead.kind].announcedAs).length > 0;

const attributionOf = (lead: LeadRecord): Attribution | null => {
  const attribution = lead.record.attribution;
  return attribution && typeof attribution === 'object' ? (attribution as Attribution) : null;
};

/** The source a new client's booking carries, from the person's earlier leads (newest first). */
export async function sourceOfNewClient(person: { phone: string; email: string | null }): Promise<NewClientSource> {
  const phone = phoneKey(person.phone);
  const email = person.email?.trim().toLowerCase() || null;
  const leads = await leadRecordsOf({ phones: phone ? [phone] : [], emails: email ? [email] : [] });
  const earlier = leads
    .filter(isLead)
    .map(attributionOf)
    .find((attribution) => attribution !== null);
  return earlier
    ? { attribution: earlier, newLead: false }
    : { attribution: { source: OWNER_ADDED_SOURCE }, newLead: true };
}
