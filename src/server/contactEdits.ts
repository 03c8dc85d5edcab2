import type { ContactStatus } from '../lib/schemas/contact';
import { contacts } from './contacts';
import { contentEtag, satisfiesIfMatch } from './http/versions';

export type StoredContact = NonNullable<Awaited<ReturnType<typeof contacts.get>>>;

export const contactEtag = (contact: StoredContact): string => contentEtag(contact);

/** The message changed after the owner read it; `current` is how it is stored now. */
export class StaleContactError extends Error {
  constructor(readonly current: StoredContact) {
    super('This message was changed by someone else meanwhile. Here it is as it is now: check it and make your change again.');
    this.name = 'StaleContactError';
  }
}

/**
 * Sets a contact message's status, as a booking's is set (src/server/bookingEdits.ts):
 * If-Match is optional for a status, and checked inside the conditional write against
 * the very version it replaces. Null when there is no such message.
 */
export function setContactStatus(id: string, status: ContactStatus, ifMatch: readonly string[] | null): Promise<StoredContact | null> {
  return contacts.update(id, (current) => {
    if (!satisfiesIfMatch(ifMatch, contactEtag(current))) throw new StaleContactError(current);
    return { ...current, status };
  });
}
