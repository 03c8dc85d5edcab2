import type { ContactStatus } from '../../lib/schemas/contact';
import { contacts } from './contacts';
import { contentEtag, ifMatchChange } from '../http/versions';

export type StoredContact = NonNullable<Awaited<ReturnType<typeof contacts.get>>>;

export const contactEtag = (contact: StoredContact): string => contentEtag(contact);

/** Sets a contact message's status, as a booking's is set: If-Match optional, a stale one a 412. Null when there is no such message. */
export function setContactStatus(
  id: string,
  status: ContactStatus,
  ifMatch: readonly string[] | null,
): Promise<StoredContact | null> {
  return contacts.update(
    id,
    ifMatchChange(ifMatch, 'message', (current) => ({ ...current, status })),
  );
}
