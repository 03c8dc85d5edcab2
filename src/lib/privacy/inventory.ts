import type { PersonalData, StoreEntry } from './storeEntry';

// The data inventory (docs/privacy.md, docs/decisions/0040-privacy-under-dpdp-act.md): every
// Blobs store the site opens, declared once, with what it holds about a person, why, on what
// ground, for how long, how a person's records in it are found, and what erasing them does.
// `collectionStore` takes only a name listed here (a new store without an entry is a type
// error), and tests/unit/data-inventory.test.ts finds every store the code opens and checks
// it against this table. The privacy notice, search, export and erasure read it.

const LEADS_RETENTION = { kind: 'after-last-contact', months: 24 } as const;

/** A lead a visitor's form sends: kept to answer it, on their consent, found by their number or mailbox. */
const leadStore = (holds: string, fields: PersonalData['fields']) =>
  ({
    holds,
    person: {
      fields,
      purpose: 'answer-request',
      ground: 'consent',
      retention: LEADS_RETENTION,
      findBy: ['phone', 'email'],
      onErase: 'delete',
    },
  }) as const;

/** Counts per one-way hash of a client address, against floods: they expire by themselves. */
const addressWindow = (holds: string, minutes: number) =>
  ({
    holds,
    person: {
      fields: ['address-hash'],
      purpose: 'security',
      ground: 'legitimate-use',
      retention: { kind: 'window', minutes },
      findBy: [],
      onErase: 'expires',
    },
  }) as const;
const GST_RETENTION = { kind: 'legal', months: 72, law: 'cgst-s36' } as const;

export const dataInventory = {
  // Leads: what a visitor sends through a form.
  contacts: leadStore('Contact-form messages', [
    'name',
    'email',
    'phone',
    'audience',
    'message',
    'whatsapp-consent',
    'attribution',
  ]),
  bookings: leadStore('Call-back requests, package enquiries and the bookings paid packages make', [
    'name',
    'phone',
    'email',
    'career-stage',
    'quiz-score',
    'notes',
    'whatsapp-consent',
    'attribution',
  ]),
  resourceDownloads: leadStore('Gated resource downloads', [
    'name',
    'email',
    'phone',
    'career-stage',
    'whatsapp-consent',
    'attribution',
  ]),
  subscribers: {
    holds: 'Newsletter subscriptions',
    person: {
      fields: ['email', 'attribution'],
      purpose: 'newsletter',
      ground: 'consent',
      retention: { kind: 'until-withdrawn' },
      findBy: ['email'],
      onErase: 'delete',
    },
  },
  'subscriber-emails': {
    holds: 'One claim per subscribed mailbox, so a mailbox subscribes once',
    person: {
      fields: ['email-hash'],
      purpose: 'newsletter',
      ground: 'consent',
      retention: { kind: 'until-withdrawn' },
      findBy: ['email'],
      onErase: 'delete',
    },
  },
  corporateEnquiries: leadStore('Corporate training enquiries', [
    'name',
    'email',
    'phone',
    'company',
    'role',
    'message',
    'whatsapp-consent',
    'attribution',
  ]),

  // Money: kept for the tax law after everything else of a person is erased.
  payments: {
    holds: 'Payments for packages and payment requests',
    person: {
      fields: ['name', 'email', 'phone', 'state', 'payment', 'attribution'],
      purpose: 'payment',
      ground: 'legal-duty',
      retention: GST_RETENTION,
      findBy: ['phone', 'email'],
      onErase: 'keep-for-law',
    },
  },
  'payment-requests': {
    holds: 'Payment links the owner sends for an agreed fee',
    person: {
      fields: ['name', 'email', 'phone', 'state', 'payment'],
      purpose: 'payment',
      ground: 'legal-duty',
      retention: GST_RETENTION,
      findBy: ['phone', 'email'],
      onErase: 'keep-for-law',
    },
  },
  'payment-orders': {
    holds: "Razorpay order ids and the site's payment ids they belong to",
    person: null,
  },
  'payment-razorpay-ids': {
    holds: "Razorpay payment ids and the site's payment ids they belong to",
    person: null,
  },
  'razorpay-webhook-events': {
    holds: 'Claims of Razorpay webhook deliveries (event ids and what was done)',
    person: null,
  },
  refunds: {
    holds: "Each payment's refunds (amounts, reasons, states)",
    person: {
      fields: ['payment'],
      purpose: 'payment',
      ground: 'legal-duty',
      retention: GST_RETENTION,
      findBy: ['record-id'],
      onErase: 'keep-for-law',
    },
  },
  'invoice-documents': {
    holds: 'Tax invoices and credit notes as issued',
    person: {
      fields: ['name', 'state', 'billing-details', 'payment'],
      purpose: 'payment',
      ground: 'legal-duty',
      retention: GST_RETENTION,
      findBy: ['record-id'],
      onErase: 'keep-for-law',
    },
  },
  'invoice-serials': {
    holds: 'The next invoice and credit-note numbers of each financial year',
    person: null,
  },

  // Coaching: the client, their sessions and calls.
  clients: {
    holds: "Paying clients: their package and sessions' history",
    person: {
      fields: ['name', 'phone', 'email', 'sessions', 'session-notes'],
      purpose: 'coaching',
      ground: 'consent',
      retention: LEADS_RETENTION,
      findBy: ['phone', 'email'],
      onErase: 'delete',
    },
  },
  'client-sessions': {
    holds: 'Which session of which client each booked time is',
    person: {
      fields: ['sessions'],
      purpose: 'coaching',
      ground: 'consent',
      retention: LEADS_RETENTION,
      findBy: ['record-id'],
      onErase: 'delete',
    },
  },
  'client-briefs': {
    holds: "A client's answers before their first session, and whether its one reminder was sent",
    person: {
      fields: ['brief'],
      purpose: 'coaching',
      ground: 'consent',
      retention: LEADS_RETENTION,
      findBy: ['record-id'],
      onErase: 'delete',
    },
  },
  'client-documents': {
    holds:
      'PDF reports, plans and session notes the coach uploads for a client, with their titles, and uploads in parts not yet complete',
    person: {
      fields: ['coaching-documents'],
      purpose: 'coaching',
      ground: 'consent',
      retention: LEADS_RETENTION,
      findBy: ['record-id'],
      onErase: 'delete',
    },
  },
  appointments: {
    holds: "Booked calls and sessions, the slots they hold, their reminders, and the owner's availability",
    person: {
      fields: ['name', 'phone', 'email', 'career-stage', 'whatsapp-consent', 'session-notes'],
      purpose: 'coaching',
      ground: 'consent',
      retention: LEADS_RETENTION,
      findBy: ['phone', 'email', 'record-id'],
      onErase: 'delete',
    },
  },
  reviews: {
    holds:
      'Reviews of held sessions (rating, text, consent to publish, first name and initial), the requests sent for them, and whether the owner approved them',
    person: {
      fields: ['name', 'review'],
      purpose: 'reviews',
      ground: 'consent',
      retention: LEADS_RETENTION,
      findBy: ['record-id'],
      onErase: 'delete',
    },
  },
  'appointment-attempts': addressWindow(
    'New calls per client address in the last hour (a one-way hash of the address)',
    60,
  ),

  // Follow-up work and messages.
  'lead-events': {
    holds: "Each lead's follow-up work until it is done (a copy of the record), and work set aside",
    person: {
      fields: ['name', 'phone', 'email', 'message', 'attribution'],
      purpose: 'answer-request',
      ground: 'consent',
      retention: { kind: 'until-done' },
      findBy: ['phone', 'email'],
      onErase: 'delete',
    },
  },
  'notification-outbox': {
    holds: 'Messages to send and sent (mail, WhatsApp, webhook), with their addresses and words',
    person: {
      fields: ['name', 'phone', 'email', 'message'],
      purpose: 'delivery',
      ground: 'consent',
      retention: { kind: 'days', days: 30 },
      findBy: ['record-id'],
      onErase: 'delete',
    },
  },
  'visitor-mail-quota': {
    holds: 'Messages per mailbox, number and client in a day (one-way hashes), against floods',
    person: {
      fields: ['email-hash', 'phone-hash'],
      purpose: 'security',
      ground: 'legitimate-use',
      retention: { kind: 'days', days: 2 },
      findBy: [],
      onErase: 'expires',
    },
  },
  'whatsapp-messages': {
    holds: 'WhatsApp messages sent and received, with their delivery statuses',
    person: {
      fields: ['phone', 'message'],
      purpose: 'delivery',
      ground: 'consent',
      retention: { kind: 'days', days: 92 },
      findBy: ['phone'],
      onErase: 'delete',
    },
  },
  'whatsapp-webhook': {
    holds: "Claims of WhatsApp webhook deliveries (Meta's message and status ids)",
    person: null,
  },

  // The owner's indexes and figures.
  'person-index': {
    holds: "The owner's search: keys from names, phones and e-mails pointing at records",
    person: {
      fields: ['name', 'phone', 'email'],
      purpose: 'answer-request',
      ground: 'consent',
      retention: { kind: 'with-records' },
      findBy: ['phone', 'email'],
      onErase: 'delete',
    },
  },
  'lead-todo': {
    holds: "The owner's to-do: leads awaiting a promised answer",
    person: {
      fields: ['name', 'phone', 'email'],
      purpose: 'answer-request',
      ground: 'consent',
      retention: { kind: 'until-done' },
      findBy: ['record-id'],
      onErase: 'delete',
    },
  },
  'slice-snapshots': {
    holds: "Copies of closed time slices of the lead collections, for the owner's export",
    person: {
      fields: ['name', 'phone', 'email', 'message', 'attribution'],
      purpose: 'answer-request',
      ground: 'consent',
      retention: { kind: 'with-records' },
      findBy: ['record-id'],
      onErase: 'delete',
    },
  },
  'admin-counters': { holds: "The admin's counters (numbers only)", person: null },
  'lead-sources': { holds: 'Leads, clients and revenue per source and day (numbers only)', person: null },

  // The owner's account and the site's own safety.
  'admin-sessions': {
    holds: "The owner's sign-in sessions",
    person: {
      fields: ['owner-sign-in'],
      purpose: 'owner-account',
      ground: 'legitimate-use',
      retention: { kind: 'days', days: 30 },
      findBy: [],
      onErase: 'expires',
    },
  },
  'admin-sessions-key': { holds: "The key the owner's sessions are signed with", person: null },
  'admin-devices': {
    holds: "The owner's remembered devices",
    person: {
      fields: ['owner-sign-in'],
      purpose: 'owner-account',
      ground: 'legitimate-use',
      retention: { kind: 'until-withdrawn' },
      findBy: [],
      onErase: 'expires',
    },
  },
  'admin-passkeys': {
    holds: "The owner's passkeys",
    person: {
      fields: ['owner-sign-in'],
      purpose: 'owner-account',
      ground: 'legitimate-use',
      retention: { kind: 'until-withdrawn' },
      findBy: [],
      onErase: 'expires',
    },
  },
  'google-calendar': {
    holds:
      "The owner's Google Calendar connection (the account's address, the refresh token sealed, the calendars picked) and the Google event of each call and session",
    person: {
      fields: ['owner-sign-in'],
      purpose: 'owner-account',
      ground: 'legitimate-use',
      retention: { kind: 'until-withdrawn' },
      findBy: [],
      onErase: 'expires',
    },
  },
  'admin-webauthn-challenges': { holds: 'Passkey sign-in challenges (5 minutes)', person: null },
  'admin-login-attempts': addressWindow('Sign-in attempts per client address (one-way hashes), against guessing', 60),
  'admin-passkey-login-limits': addressWindow(
    'Passkey sign-in starts per client address (one-way hashes), against floods',
    15,
  ),

  // A student's request while it waits for a parent.
  'parent-holds': {
    holds:
      "A student's request held until a parent confirms it (the parent's name, phone and e-mail, the student's name and choice), 7 days at most",
    person: {
      fields: ['name', 'phone', 'email', 'career-stage', 'whatsapp-consent', 'attribution'],
      purpose: 'answer-request',
      ground: 'consent',
      retention: { kind: 'days', days: 7 },
      findBy: ['phone', 'email'],
      onErase: 'delete',
    },
  },

  // A person's rights.
  'privacy-requests': {
    holds:
      'Requests to see, correct or erase data (the e-mail or number given, until the request is done), the erasure log (no personal data, a year), and where the payments kept for the tax law are (one-way hashes)',
    person: {
      fields: ['email', 'phone', 'email-hash', 'phone-hash'],
      purpose: 'rights',
      ground: 'legal-duty',
      retention: { kind: 'until-done' },
      findBy: ['phone', 'email'],
      onErase: 'delete',
    },
  },

  // Content.
  'blog-posts': { holds: 'Posts written in the admin', person: null },
  'ai-jobs': {
    holds: "AI drafting jobs: the owner's topic and instructions, and the draft (which may name someone)",
    person: {
      fields: ['owner-text'],
      purpose: 'owner-account',
      ground: 'legitimate-use',
      retention: { kind: 'with-records' },
      findBy: ['name'],
      onErase: 'delete',
    },
  },
} as const satisfies Record<string, StoreEntry>;

/** The name of a Blobs store the site opens: one of the inventory's. */
export type StoreName = keyof typeof dataInventory;

export const storeNames = Object.keys(dataInventory) as StoreName[];

export const isStoreName = (name: string): name is StoreName => Object.hasOwn(dataInventory, name);

/** The stores that hold something about a person. */
export type PersonalStoreName = {
  [Name in StoreName]: (typeof dataInventory)[Name]['person'] extends null ? never : Name;
}[StoreName];
