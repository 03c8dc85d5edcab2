import type { PersonalStoreName } from '../../lib/privacy/inventory';
import { eraseAppointments, forgetUpcomingClaims } from '../appointments';
import { forgetJobsMentioning } from '../ai';
import { eraseClient } from '../clients';
import { forgetEventsMentioning } from '../followUp/events';
import { eraseCalendarEvents } from '../googleCalendar';
import { forgetTodoDigest } from '../indexes/todo/readTodo';
import { type Identity, removeLeadRecord, restrictLeadRecord, unsubscribe } from '../leads';
import { erasureDoneMail } from '../messages';
import {
  deliver,
  enqueue,
  forgetEntriesMentioning,
  ownerEntries,
  notificationSettings,
  siteAddress,
} from '../notifications';
import { cancelPaymentRequest, paymentRequests } from '../paymentRequests';
import { mentionsOf } from '../storage/mentions';
import { newestFirstKey } from '../storage/keys';
import { eraseReviews } from '../reviews';
import { forgetMessagesTo } from '../whatsapp';
import { type ErasureReason, logErasure } from './erasureLog';
import { findPersonData, identityOf } from './find';
import { fileKept } from './keptIndex';
import { forgetHoldsMentioning } from './parentHolds';

// Erasure that reaches every store (docs/privacy.md, "Erasure"). How each store of the
// inventory that holds a person is reached is declared below, once: a personal store added to
// the inventory does not type-check until it has its line, and tests/unit/erasure-reach.test.ts
// checks each line against the store's `onErase`. The steps run in an order that cannot bring
// anything back: the queued work that could write a record again goes first, the records after.

type Reach =
  /** Erased by a step of erasePerson below. */
  | { how: 'erased'; by: string }
  /** Kept for a law, shown to the person with the reason; no longer found by the owner's search. */
  | { how: 'kept-for-law'; but?: string }
  /** Holds only one-way hashes in short windows, or the owner's own sign-in: expires by itself. */
  | { how: 'expires' };

export const erasureReach = {
  contacts: { how: 'erased', by: 'lead records, with their index keys, to-do entries and slice copies' },
  bookings: { how: 'erased', by: 'lead records' },
  resourceDownloads: { how: 'erased', by: 'lead records' },
  corporateEnquiries: { how: 'erased', by: 'lead records' },
  subscribers: { how: 'erased', by: 'the subscription with its mailbox claim' },
  'subscriber-emails': { how: 'erased', by: 'the subscription with its mailbox claim' },
  payments: { how: 'kept-for-law' },
  'payment-requests': { how: 'kept-for-law', but: 'an unpaid request is no payment record: cancelled and erased' },
  refunds: { how: 'kept-for-law' },
  'invoice-documents': { how: 'kept-for-law' },
  clients: { how: 'erased', by: 'the client of each payment' },
  'client-sessions': { how: 'erased', by: 'the client of each payment' },
  'client-briefs': { how: 'erased', by: 'the client of each payment' },
  'client-documents': { how: 'erased', by: 'the client of each payment' },
  appointments: { how: 'erased', by: 'calls and sessions (time given back), reminders, "already booked" claims' },
  reviews: { how: 'erased', by: 'the reviews of their sessions, with the requests sent for them' },
  'appointment-attempts': { how: 'expires' },
  'lead-events': { how: 'erased', by: 'every queued or set-aside event that mentions them' },
  'notification-outbox': { how: 'erased', by: 'every message that mentions them, sent or not' },
  'visitor-mail-quota': { how: 'expires' },
  'whatsapp-messages': { how: 'erased', by: 'every message sent to their numbers' },
  'person-index': { how: 'erased', by: 'lead records (and the keys of kept payments)' },
  'lead-todo': { how: 'erased', by: 'lead records, and the digest that copies the to-do' },
  'slice-snapshots': { how: 'erased', by: 'lead records' },
  'admin-sessions': { how: 'expires' },
  'admin-devices': { how: 'expires' },
  'admin-passkeys': { how: 'expires' },
  'google-calendar': { how: 'expires' },
  'admin-login-attempts': { how: 'expires' },
  'admin-passkey-login-limits': { how: 'expires' },
  'ai-jobs': { how: 'erased', by: 'drafting jobs that name them' },
  'privacy-requests': { how: 'erased', by: 'the request itself, cleared when it is done' },
  'parent-holds': { how: 'erased', by: "every student's request held for them as its parent" },
} as const satisfies Record<PersonalStoreName, Reach>;

export interface ErasureReport {
  erased: Partial<Record<PersonalStoreName, number>>;
  kept: Partial<Record<PersonalStoreName, number>>;
  /** Starts of calls and sessions ahead that were cancelled. */
  cancelled: string[];
}

const add = (counts: ErasureReport['erased'], store: PersonalStoreName, count: number) => {
  if (count > 0) counts[store] = (counts[store] ?? 0) + count;
};

/** The words a person's traces are found by: numbers, mailboxes and full names, and the ids of their records. */
function tracesOf(data: Awaited<ReturnType<typeof findPersonData>>): { terms: string[]; names: string[] } {
  const people = [
    ...data.leads.map((lead) => lead.person),
    ...data.clients,
    ...data.appointments,
    ...data.paymentRequests,
  ];
  const phones = new Set(data.identity.phones);
  const emails = new Set(data.identity.emails);
  const names = new Set<string>();
  for (const person of people) {
    const digits = (person.phone ?? '').replace(/\D/g, '');
    if (digits.length >= 10) phones.add(digits.slice(-10));
    if (person.email) emails.add(person.email.trim().toLowerCase());
    // A full name (two words at least): a first name alone would find other people.
    if (person.name && person.name.trim().split(/\s+/).length >= 2) names.add(person.name.trim());
  }
  const ids = [
    ...data.leads.filter((lead) => lead.kind !== 'payment').map((lead) => lead.id),
    ...data.appointments.map((appointment) => appointment.id),
  ];
  return { terms: [...phones, ...emails, ...ids], names: [...names] };
}

/**
 * Erases everything stored about the person but what the tax law keeps, logs it without the
 * data, and tells the owner (without the person) when it was theirs to know. Idempotent: run
 * again after a failure, it finishes what is left.
 */
export async function erasePerson(
  identity: Identity,
  reason: ErasureReason,
  requestId: string | null,
  now: Date = new Date(),
): Promise<ErasureReport> {
  const data = await findPersonData(identity);
  const report: ErasureReport = { erased: {}, kept: {}, cancelled: [] };
  const { terms, names } = tracesOf(data);
  const mentions = mentionsOf(terms);

  // 1. Queued work first: an unfinished event could write a record again, a message could go.
  add(report.erased, 'lead-events', await forgetEventsMentioning(mentions));
  add(report.erased, 'notification-outbox', await forgetEntriesMentioning(mentions));
  const numbers = terms.filter((term) => /^\d{10}$/.test(term)).map((digits) => `91${digits}`);
  add(report.erased, 'whatsapp-messages', await forgetMessagesTo(numbers));
  add(report.erased, 'parent-holds', await forgetHoldsMentioning(mentions));

  // 2. Calls and sessions: their events in the owner's Google Calendar while the records still name
  // them, the time ahead given back, then the records and their reminders.
  await eraseCalendarEvents(data.appointments.map((appointment) => appointment.id));
  report.cancelled = await eraseAppointments(data.appointments, now);
  add(report.erased, 'appointments', data.appointments.length);
  // Their reviews, stored under their sessions' ids (a published one leaves the pages at once).
  const sessionIds = data.appointments
    .filter((appointment) => appointment.session)
    .map((appointment) => appointment.id);
  add(report.erased, 'reviews', await eraseReviews(sessionIds));
  // Their "already booked" claims: one-way hashes of each number and mailbox, nothing to count.
  const visitors = new Map(
    [...data.leads.map((lead) => lead.person), ...data.appointments]
      .filter((person) => person.phone)
      .map((person) => [
        `${person.phone}|${person.email ?? ''}`,
        { phone: person.phone!, email: person.email ?? null },
      ]),
  );
  await Promise.all([...visitors.values()].map((visitor) => forgetUpcomingClaims(visitor)));

  // 3. Clients, then the lead records (each with its index keys, to-do entry and slice copy).
  for (const client of data.clients) {
    const removed = await eraseClient(client.id);
    add(report.erased, 'clients', removed.clients);
    add(report.erased, 'client-sessions', removed['client-sessions']);
    add(report.erased, 'client-briefs', removed['client-briefs']);
    add(report.erased, 'client-documents', removed['client-documents']);
  }
  for (const lead of data.leads) {
    const store = lead.store as PersonalStoreName;
    if (lead.kind === 'payment') {
      // Filed under its own number and mailbox too: a later request by either still finds it.
      const own = identityOf({ phone: lead.person.phone, email: lead.person.email });
      await fileKept(
        {
          phones: [...new Set([...data.identity.phones, ...own.phones])],
          emails: [...new Set([...data.identity.emails, ...own.emails])],
        },
        lead.id,
      );
      await restrictLeadRecord(lead.kind, lead.id, lead.person);
      add(report.kept, 'payments', 1);
    } else if (lead.kind === 'subscriber') {
      const removed = await unsubscribe(String(lead.record.email));
      add(report.erased, 'subscribers', removed > 0 ? 1 : 0);
      add(report.erased, 'subscriber-emails', removed > 0 ? 1 : 0);
    } else if (await removeLeadRecord(lead.kind, lead.id)) add(report.erased, store, 1);
  }
  // The to-do's digest copies pending leads: dropped, the next minute's is made without them.
  await forgetTodoDigest();

  // 4. Payment requests: a paid one is a payment record; an open one is cancelled first.
  for (const request of data.paymentRequests) {
    if (request.status === 'paid') {
      add(report.kept, 'payment-requests', 1);
      continue;
    }
    if (request.status === 'created') await cancelPaymentRequest(request.id, now);
    if (await paymentRequests.remove(request.id)) add(report.erased, 'payment-requests', 1);
  }
  add(report.kept, 'invoice-documents', data.documents.length);

  // 5. Drafts that name them.
  add(report.erased, 'ai-jobs', await forgetJobsMentioning(mentionsOf([...terms, ...names])));

  await logErasure({ at: now.toISOString(), reason, erased: report.erased, kept: report.kept, requestId });
  const erased = Object.values(report.erased).reduce((sum, count) => sum + count, 0);
  const kept = Object.values(report.kept).reduce((sum, count) => sum + count, 0);
  if (reason !== 'parent-unconfirmed' && (erased > 0 || report.cancelled.length > 0))
    await tellOwner({ at: now.toISOString(), reason, erased, kept, cancelled: report.cancelled }, now);
  return report;
}

async function tellOwner(done: Parameters<typeof erasureDoneMail>[0], now: Date): Promise<void> {
  if (!notificationSettings().enabled) return;
  const mail = erasureDoneMail(done, siteAddress());
  const entries = ownerEntries({ kind: 'privacy-erasure', leadId: newestFirstKey(now.getTime()), mail }, null, now);
  await enqueue(entries);
  await Promise.all(entries.map((entry) => deliver(entry.id)));
}
