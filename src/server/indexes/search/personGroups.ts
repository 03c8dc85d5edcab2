import { mailboxOf } from '../../../lib/people/mailbox';
import { type Person, phoneKey } from './personKeys';

// One person is the records that share a phone number (its last 10 digits) or a mailbox
// (docs/decisions/0042-one-person-view.md). Grouping is transitive: a call back with a phone,
// then a download with that phone and a mailbox, then a contact with only the mailbox, are one
// person. Pure, so the to-do, the People list and their tests share it.

/** The keys a person is matched by: `p:` its phone's last 10 digits, `m:` its mailbox. */
export function personMatchKeys(person: Person): string[] {
  const keys: string[] = [];
  const phone = phoneKey(person.phone);
  if (phone) keys.push(`p:${phone}`);
  const mailbox = mailboxOf(person.email);
  if (mailbox) keys.push(`m:${mailbox}`);
  return keys;
}

/**
 * The items grouped by person, each group in the items' order and the groups in the order of
 * their first item. An item with neither phone nor mailbox is a person of its own.
 */
export function groupByPerson<T>(items: readonly T[], personOf: (item: T) => Person): T[][] {
  const parent = items.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]!]!;
      index = parent[index]!;
    }
    return index;
  };
  const owner = new Map<string, number>();
  items.forEach((item, index) => {
    for (const key of personMatchKeys(personOf(item))) {
      const seen = owner.get(key);
      if (seen === undefined) owner.set(key, index);
      else {
        const [a, b] = [root(seen), root(index)];
        // The earlier item stays the root, so groups keep the order of their first item.
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  });
  const groups = new Map<number, T[]>();
  items.forEach((item, index) => {
    const at = root(index);
    const group = groups.get(at) ?? [];
    group.push(item);
    groups.set(at, group);
  });
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
}
