import type { PersonThread, ThreadCall } from '../../lib/schemas/people';
import { type Appointment, versionsOf } from '../../lib/schemas/appointment';
import { activeAppointmentIdOf, meetingUrlOf, readAppointment } from '../booking';
import { adminClientRow, clients, sessionsOf } from '../clients';
import { type Identity, type LeadRecord, hitOfLeadRecord, identityOf, leadRecordsOf } from '../leads';
import { phoneKey } from '../indexes/search/personKeys';
import { withRefunds } from '../refunds';
import { entriesAbout, toItem } from '../notifications';
import { consentsOf } from '../privacy';
import type { Payment } from '../../lib/schemas/payment';
import type { RecordMeta } from '../../lib/schemas/recordMeta';

// A person's page (docs/admin.md, "People"): every record that shares a phone number or a
// mailbox with what the owner opened, then with what those records say (a call back gave a
// phone, its download the mailbox, a contact message only the mailbox: one person). Calls are
// read through their bookings and sessions through their clients, never by reading every call.

/** A person has a handful of numbers and mailboxes; more means shared ones (a family's): stop there. */
const MAX_IDENTIFIERS = 6;

const identityOfQuery = (q: string): Identity =>
  q.includes('@') ? identityOf({ email: q }) : identityOf({ phone: q });

/** The identity grown by what the records say (pure). */
export function grownIdentity(identity: Identity, records: readonly LeadRecord[]): Identity {
  const phones = new Set(identity.phones);
  const emails = new Set(identity.emails);
  for (const { person } of records) {
    const phone = phoneKey(person.phone);
    if (phone && phones.size + emails.size < MAX_IDENTIFIERS) phones.add(phone);
    const email = person.email?.trim().toLowerCase();
    if (email && email.includes('@') && phones.size + emails.size < MAX_IDENTIFIERS) emails.add(email);
  }
  return { phones: [...phones], emails: [...emails] };
}

/** The link to join an online session (docs/scheduling.md, "The meeting link"), when there is one. */
const joinLink = (meetingUrl: string | undefined) => (meetingUrl ? { meetingUrl } : {});

const callOf = ({
  id,
  bookingId,
  start,
  end,
  status,
  cancelledBy,
  outcome,
  session,
  name,
  email,
  meetingUrl,
}: Appointment): ThreadCall => ({
  id,
  name,
  email,
  bookingId,
  start,
  end,
  status,
  cancelledBy,
  ...(outcome ? { outcome } : {}),
  ...(session ? { session } : {}),
  ...joinLink(meetingUrlOf({ meetingUrl, session })),
});

export async function readThread(q: string, now: Date = new Date()): Promise<PersonThread> {
  // What was opened, then what its records gave: two reads at most.
  let identity = identityOfQuery(q);
  let records = await leadRecordsOf(identity);
  const grown = grownIdentity(identity, records);
  if (grown.phones.length + grown.emails.length > identity.phones.length + identity.emails.length) {
    identity = grown;
    records = await leadRecordsOf(identity);
  }
  const bookingIds = records.filter((record) => record.kind === 'booking').map((record) => record.id);
  const paymentIds = records.filter((record) => record.kind === 'payment').map((record) => record.id);
  const [calls, found] = await Promise.all([
    Promise.all(
      bookingIds.map(async (id) => {
        const callId = await activeAppointmentIdOf(id);
        return callId ? readAppointment(callId) : null;
      }),
    ),
    Promise.all(paymentIds.map((id) => clients.get(id))),
  ]);
  const own = found.filter((client) => client !== null);
  const liveCalls = calls.filter((call): call is Appointment => call !== null);
  const [clientRows, sessions, payments] = await Promise.all([
    Promise.all(own.map((client) => adminClientRow(client, now))),
    Promise.all(own.map((client) => sessionsOf(client))).then((lists) => lists.flat()),
    withRefunds(
      records
        .filter((record) => record.kind === 'payment')
        .map((record) => record.record as unknown as Payment & RecordMeta),
    ),
  ]);
  // Messages are filed under what they were about: a record, a call or a session as booked now.
  const requestIds = payments.flatMap((payment) => (payment.paymentRequestId ? [payment.paymentRequestId] : []));
  const about = [
    ...records.map((record) => record.id),
    ...requestIds,
    ...[...liveCalls, ...sessions].flatMap(versionsOf),
  ];
  const messages = (await Promise.all(about.map((id) => entriesAbout(id))))
    .flat()
    .map(toItem)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const names = [...new Set(records.map((record) => record.person.name?.trim()).filter((name) => !!name))] as string[];
  return {
    q,
    person: { names, phones: [...identity.phones], emails: [...identity.emails] },
    records: records.map(hitOfLeadRecord),
    calls: [...liveCalls, ...sessions].map(callOf).sort((a, b) => b.start.localeCompare(a.start)),
    clients: clientRows,
    payments,
    messages,
    consents: consentsOf({ leads: records }),
    notes: records
      .filter((record) => record.kind === 'booking' && typeof record.record.notes === 'string' && record.record.notes)
      .map((record) => ({
        recordId: record.id,
        text: record.record.notes as string,
        at: String(record.record.updatedAt ?? record.createdAt),
      })),
  };
}
