import { z } from './zod';
import type { SearchHit } from './adminApi';
import type { AdminClient } from './client';
import type { NotificationItem } from './notifications';
import type { MyDataConsent } from './privacy';
import type { Appointment } from './appointment';
import type { Payment } from './payment';
import type { RecordMeta } from './recordMeta';
import type { RefundSummary } from './refund';

// The owner's People view and a person's page (docs/admin.md, "People";
// docs/decisions/0042-one-person-view.md): a person is the records that share a phone number
// or a mailbox.
//   GET /api/admin/people?limit=20           -> PeopleAnswer (newest activity first)
//   GET /api/admin/people/thread?q=98765…    -> PersonThread (q: a phone number or an e-mail)

export const PEOPLE_LIMIT_MAX = 50;

export const peopleQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'A limit is a number' })
    .int('A limit is a whole number')
    .min(1, 'At least 1')
    .max(PEOPLE_LIMIT_MAX, `At most ${PEOPLE_LIMIT_MAX}`)
    .optional(),
});

const phoneOrEmail = z
  .string({ error: 'Give a phone number or an e-mail address' })
  .trim()
  .max(254, 'At most 254 characters')
  .refine(
    (value) => (value.includes('@') ? z.email().safeParse(value).success : value.replace(/\D/g, '').length >= 10),
    'Give a whole phone number (10 digits) or an e-mail address',
  );

export const threadQuerySchema = z.strictObject({ q: phoneOrEmail });

/** One person in the People list. */
export interface PersonSummary {
  /** What finds their page: a phone number's 10 digits, else the mailbox. */
  key: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  lastActivityAt: string;
  /** Their newest records, newest first. */
  records: SearchHit[];
}

export interface PeopleAnswer {
  items: PersonSummary[];
  /** How many of each kind's newest records were read to make the list. */
  perKind: number;
}

/** A call or a session of the person, as their thread shows it. */
export type ThreadCall = Pick<
  Appointment,
  | 'id'
  | 'bookingId'
  | 'start'
  | 'end'
  | 'status'
  | 'cancelledBy'
  | 'outcome'
  | 'session'
  | 'name'
  | 'email'
  | 'meetingUrl'
>;

export interface PersonThread {
  q: string;
  person: { names: string[]; phones: string[]; emails: string[] };
  /** Every lead record of the person, newest first. */
  records: SearchHit[];
  calls: ThreadCall[];
  clients: AdminClient[];
  /** Their payments as stored, each captured one with its refunds. */
  payments: Array<Payment & RecordMeta & { refunds: RefundSummary | null }>;
  /** Messages about their records and their calls as booked now (mail, WhatsApp), newest first, with their status. */
  messages: NotificationItem[];
  /** What they agreed to, on which record and when, newest first. */
  consents: MyDataConsent[];
  /** The owner's notes on their bookings. */
  notes: Array<{ recordId: string; text: string; at: string }>;
}
