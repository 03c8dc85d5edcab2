import { mailboxOf } from '../../lib/people/mailbox';
import type { PeopleAnswer, PersonSummary } from '../../lib/schemas/people';
import { groupByPerson } from '../indexes/search/personGroups';
import { phoneKey } from '../indexes/search/personKeys';
import { type RecentRecord, newestLeadRecords } from '../leads';

// The People list (docs/admin.md, "People"): the newest records of every kind, grouped into
// people (docs/decisions/0042-one-person-view.md), newest activity first. It reads one page of
// each kind however many records the site holds; anyone older is found by the search.

/** Records read of each kind: enough for the list's people even when one person left many. */
export const RECORDS_PER_KIND = 60;
const RECORDS_SHOWN = 5;

/** What opens a person's page: their phone's 10 digits, else their mailbox (pure). */
export function personKeyOf(records: readonly RecentRecord[]): string | null {
  for (const record of records) {
    const phone = phoneKey(record.person.phone);
    if (phone) return phone;
  }
  for (const record of records) {
    const mailbox = mailboxOf(record.person.email);
    if (mailbox) return record.person.email!.trim().toLowerCase();
  }
  return null;
}

/** People of the records, newest activity first (pure: records come newest first). */
export function peopleOf(records: readonly RecentRecord[], limit: number): PersonSummary[] {
  const people: PersonSummary[] = [];
  for (const group of groupByPerson(records, (record) => record.person)) {
    const key = personKeyOf(group);
    if (!key) continue;
    people.push({
      key,
      name: group.find((record) => record.person.name)?.person.name ?? null,
      phone: group.find((record) => record.person.phone)?.person.phone ?? null,
      email: group.find((record) => record.person.email)?.person.email ?? null,
      lastActivityAt: group[0]!.createdAt,
      records: group.slice(0, RECORDS_SHOWN).map((record) => record.hit),
    });
    if (people.length === limit) break;
  }
  return people;
}

export async function readPeople(limit: number): Promise<PeopleAnswer> {
  return { items: peopleOf(await newestLeadRecords(RECORDS_PER_KIND), limit), perKind: RECORDS_PER_KIND };
}
