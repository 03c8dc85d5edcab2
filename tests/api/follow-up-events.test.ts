import { describe, expect, test } from 'vitest';
import { contactProfile } from '../../src/server/leads/profiles';
import { readCounts } from '../../src/server/indexes/stats/counterStore';
import { contacts } from '../../src/server/leads/contacts';
import { withAfterResponse } from '../../src/server/http/afterResponse';
import { type FollowUpEvent, eventIdForRecord, pendingEventIds, storeEvent } from '../../src/server/followUp/events';
import '../../src/server/app';
import { completeEvent } from '../../src/server/app/pipeline';
import { contactEvent } from '../../src/server/leads/leadEvents';
import { newestFirstKey } from '../../src/server/storage/keys';
import { settleAfterResponse } from './support/call';

// A lead's follow-up event done twice, or in an order a slow request makes possible.

const contactAt = (at: Date, name: string) => ({
  id: newestFirstKey(at.getTime()),
  createdAt: at.toISOString(),
  name,
  email: `${name.replace(' ', '.').toLowerCase()}@example.com`,
  phone: '98450 55555',
  whoIsThisFor: 'college' as const,
});

function eventOf(contact: ReturnType<typeof contactAt>): FollowUpEvent {
  return {
    id: eventIdForRecord('contacts', contact.id, new Date(contact.createdAt)),
    recordedAt: contact.createdAt,
    record: { collection: 'contacts', id: contact.id, value: contact },
    counts: { contacts: 1 },
    person: { type: 'contact', id: contact.id, person: contactProfile.person(contact) },
    lead: contactEvent(contact),
  };
}

/** What route() gives a handler: a scope whose after-response work this test can wait for. */
const inARequest = <T>(run: () => Promise<T>) =>
  withAfterResponse({ waitUntil: (promise) => void (pending = pending.then(() => promise)) }, run);
let pending: Promise<unknown> = Promise.resolve();

describe('a follow-up event', () => {
  test('done twice (and again after it was finished) changes nothing', async () => {
    const before = await readCounts();
    const contact = contactAt(new Date(), 'Twice Done');
    const event = eventOf(contact);
    await storeEvent(event);
    await Promise.all([completeEvent(event), completeEvent(event)]);
    await completeEvent(event);
    expect(await contacts.get(contact.id)).toMatchObject({ name: 'Twice Done' });
    expect((await readCounts()).contacts).toBe(before.contacts + 1);
    expect(await pendingEventIds()).not.toContain(event.id);
  });

  test('a request whose record write comes after the minute job did its event answers the same lead, and stores no second one', async () => {
    const before = await readCounts();
    const at = new Date();
    const contact = contactAt(at, 'Slow Request');
    // The job got there first: the record is stored from the event, and counted.
    await completeEvent(eventOf(contact));
    const { id, createdAt, ...data } = contact;
    const answer = await inARequest(() => contacts.insert(id, data, new Date(createdAt)));
    await pending;
    await settleAfterResponse();
    expect(answer.created).toBe(true);
    expect((await contacts.all()).filter((record) => record.name === 'Slow Request')).toHaveLength(1);
    expect((await readCounts()).contacts).toBe(before.contacts + 1);
  });

  test('an id another record holds is refused, and the event written for it is dropped uncounted', async () => {
    const before = await readCounts();
    const at = new Date();
    const first = contactAt(at, 'First Holder');
    await completeEvent(eventOf(first));
    const answer = await inARequest(() =>
      contacts.insert(
        first.id,
        { name: 'Someone Else', email: 'someone@example.com', phone: '98450 66666', whoIsThisFor: 'college' },
        at,
      ),
    );
    await pending;
    expect(answer.created).toBe(false);
    expect(await contacts.get(first.id)).toMatchObject({ name: 'First Holder' });
    expect(await pendingEventIds()).toEqual([]);
    expect((await readCounts()).contacts).toBe(before.contacts + 1);
  });
});
