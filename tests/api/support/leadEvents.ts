import { type FollowUpEvent, eventIdForRecord } from '../../../src/server/followUp/events';
import { contactProfile } from '../../../src/server/leads/profiles';
import { contactEvent } from '../../../src/server/leads/leadEvents';
import { newestFirstKey } from '../../../src/server/storage/keys';

/** The follow-up event a contact request stores with its record, as the request would write it. */
export function contactFollowUp(at: Date, name: string, email: string, phone = '98450 00000'): FollowUpEvent {
  const id = newestFirstKey(at.getTime());
  const contact = { id, createdAt: at.toISOString(), name, email, phone, whoIsThisFor: 'college' as const };
  return {
    id: eventIdForRecord('contacts', id, at),
    recordedAt: at.toISOString(),
    record: { collection: 'contacts', id, value: contact },
    counts: { contacts: 1 },
    person: { type: 'contact', id, person: contactProfile.person(contact) },
    lead: contactEvent(contact),
  };
}
