// The shape of one line of the data inventory (docs/privacy.md). Words for the notice are
// keyed here and written out by the notice itself, so each is said once per language.

/** An item of personal data a store may hold. */
export const personalFields = [
  'name',
  'phone',
  'email',
  'audience',
  'career-stage',
  'quiz-score',
  'notes',
  'message',
  'company',
  'role',
  'state',
  'billing-details',
  'payment',
  'sessions',
  'session-notes',
  'brief',
  'coaching-documents',
  'review',
  'whatsapp-consent',
  'attribution',
  'email-hash',
  'phone-hash',
  'address-hash',
  'owner-sign-in',
  'owner-text',
] as const;
export type PersonalField = (typeof personalFields)[number];

/** Why a store holds it. */
export const purposes = [
  'answer-request',
  'coaching',
  'payment',
  'newsletter',
  'delivery',
  'security',
  'owner-account',
  'rights',
  'reviews',
] as const;
export type Purpose = (typeof purposes)[number];

/**
 * On what ground (DPDP Act 2023): the person's consent (s.6), a legal duty to keep it (s.8(7)
 * with the tax law), or a legitimate use (s.7) such as keeping the site safe.
 */
export type Ground = 'consent' | 'legal-duty' | 'legitimate-use';

/** A law that says how long a record is kept (its words: noticeWords.ts). */
export type Law = 'cgst-s36';

/** How long it is kept. */
export type Retention =
  | { kind: 'after-last-contact'; months: number }
  | { kind: 'legal'; months: number; law: Law }
  | { kind: 'until-withdrawn' }
  | { kind: 'until-done' }
  | { kind: 'with-records' }
  | { kind: 'days'; days: number }
  | { kind: 'window'; minutes: number };

/** How a person's records in the store are found: by their number, mailbox, a record's id, or their name in free text. */
export type Finder = 'phone' | 'email' | 'record-id' | 'name';

/**
 * What erasing a person does to the store: delete their records, keep them because a law
 * says so (shown to the person with the reason), or nothing to do because they expire by
 * themselves within the retention stated.
 */
export type OnErase = 'delete' | 'keep-for-law' | 'expires';

export interface PersonalData {
  fields: readonly PersonalField[];
  purpose: Purpose;
  ground: Ground;
  retention: Retention;
  findBy: readonly Finder[];
  onErase: OnErase;
}

export interface StoreEntry {
  /** What the store is, in a line. */
  holds: string;
  /** What it holds about a person; null when it holds no personal data at all. */
  person: PersonalData | null;
}
