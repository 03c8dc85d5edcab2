import '../../../src/server/app';
import { saveAvailability } from '../../../src/server/booking/availability';
import { bookSession, currentSessionSlots } from '../../../src/server/clients/sessions';
import { clients } from '../../../src/server/clients/store';
import { newestFirstKey } from '../../../src/server/storage/keys';
import { allDay } from '../../support/allDayAvailability';

// A paying client's session that started hours ago (the owner marks it held, which asks for a
// review: docs/decisions/0044-client-reviews-with-consent.md), written through the code the site
// runs into a store whose server is not started yet: the client as a captured payment makes it,
// and the session booked as the client would have booked it the day before (the site offers no
// time in the past). Run by seed-past-session.mjs.

export interface PastSessionClient {
  name: string;
  phone: string;
  email: string;
}

const HOUR = 3_600_000;

export interface PastSession {
  clientId: string;
  sessionId: string;
  start: string;
}

/** One past session per person, the first at the latest time that started two hours ago, each next one two hours before. */
export async function seedPastSessions(
  people: readonly PastSessionClient[],
  now: Date = new Date(),
): Promise<PastSession[]> {
  const then = new Date(now.getTime() - 30 * HOUR);
  await saveAvailability(allDay, new Date(then.getTime() - HOUR));
  const seeded: PastSession[] = [];
  for (const [index, person] of people.entries())
    seeded.push(await seedPastSession(person, then, now.getTime() - (2 + 2 * index) * HOUR));
  return seeded;
}

async function seedPastSession(person: PastSessionClient, then: Date, startedBy: number): Promise<PastSession> {
  const paymentId = newestFirstKey(then.getTime());
  const { record: client } = await clients.insert(
    paymentId,
    {
      paymentId,
      packageId: 'ascend-plus',
      packageName: 'Ascend Plus',
      sessionsTotal: 3,
      sessionMinutes: 90,
      name: person.name,
      phone: person.phone,
      email: person.email,
      seats: [],
      endedAt: null,
    },
    then,
  );
  const start = (await currentSessionSlots(then, 90)).slots
    .filter((slot) => Date.parse(slot.start) <= startedBy)
    .at(-1)?.start;
  if (!start) throw new Error('no session time started since yesterday');
  const session = await bookSession(client, start, then);
  return { clientId: client.id, sessionId: session.id, start: session.start };
}
