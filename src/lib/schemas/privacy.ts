import { z } from './zod';
import { emailAddress, honeypot, personName, phoneNumber } from './fields';
import { consentPurposes } from '../privacy/consent';

// A person's rights, self-served (docs/privacy.md, "Rights"): the request for a link, the
// my-data view that link opens, and what the person does there. Shared by the page's island
// and the functions.

/** POST /api/privacy/requests: the mailbox or number the person's records were sent from. */
export const privacyRequestSchema = z
  .object({
    email: emailAddress.optional(),
    phone: phoneNumber.optional(),
    ...honeypot,
  })
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: 'Give the e-mail or the phone number you used with us',
    path: ['email'],
  });
export type PrivacyRequestBody = z.infer<typeof privacyRequestSchema>;

/** A request's id: a newest-first record id. */
export const privacyRequestIdPattern = /^\d{13}-[0-9a-f]{10}$/;
export const privacyRequestParamsSchema = z.object({
  id: z.string().regex(privacyRequestIdPattern, 'Not a request id'),
});
/** The one-time link's token: 32 url-safe characters. */
export const privacyTokenQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Not a valid link'),
});

/** PATCH /api/privacy/my-data/{id}?token=: what the person corrects (at least one). */
export const privacyCorrectionSchema = z
  .object({ name: personName.optional(), email: emailAddress.optional(), phone: phoneNumber.optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.email !== undefined || body.phone !== undefined, {
    message: 'Give the name, e-mail or phone to correct',
    path: ['name'],
  });
export type PrivacyCorrection = z.infer<typeof privacyCorrectionSchema>;

/** POST /api/privacy/my-data/{id}/withdraw?token=: one consent, in one tap. */
export const privacyWithdrawSchema = z.object({ purpose: z.enum(consentPurposes) }).strict();

/** A record of the person as the view shows it: its kind, its id and date, and what it holds. */
export const myDataRecordSchema = z.object({
  kind: z.string(),
  id: z.string(),
  createdAt: z.string(),
  fields: z.record(z.string(), z.string()),
  /** Kept after an erasure because a law says so: until when, and why. */
  kept: z.object({ until: z.string(), reason: z.string() }).nullable(),
});
export type MyDataRecord = z.infer<typeof myDataRecordSchema>;

export const myDataConsentSchema = z.object({
  purpose: z.enum(consentPurposes),
  at: z.string(),
  words: z.string(),
  /** Where it was given: the record's kind and id. */
  record: z.string(),
});
export type MyDataConsent = z.infer<typeof myDataConsentSchema>;

/** GET /api/privacy/my-data/{id}?token=. */
export const myDataViewSchema = z.object({
  person: z.object({ names: z.array(z.string()), emails: z.array(z.string()), phones: z.array(z.string()) }),
  records: z.array(myDataRecordSchema),
  consents: z.array(myDataConsentSchema),
  /** What the link proves: the mailbox or number it was sent to. */
  verified: z.object({ by: z.enum(['email', 'phone']), value: z.string() }),
  linkExpiresAt: z.string(),
  /** Set once the person asked for erasure: when it was asked, and whether it is done. */
  erasure: z.object({ requestedAt: z.string(), done: z.boolean() }).nullable(),
});
export type MyDataView = z.infer<typeof myDataViewSchema>;

/** POST /api/admin/privacy/erase: a request received by phone or e-mail, verified by the owner. */
export const ownerErasureSchema = z
  .object({ email: emailAddress.optional(), phone: phoneNumber.optional() })
  .strict()
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: 'Give the e-mail or the phone number to erase',
    path: ['email'],
  });

/** One request as the owner's admin lists it (no token; the number only while the owner must verify it). */
export interface AdminPrivacyRequest {
  id: string;
  createdAt: string;
  by: 'person' | 'owner';
  status: 'received' | 'link-sent' | 'owner-to-verify' | 'nothing-stored' | 'erasing' | 'erased';
  /** The Act's 90 days. */
  answerBy: string;
  /** Still waiting on the owner (to verify a number, or an erasure under way). */
  open: boolean;
  phone: string | null;
}

/** GET /api/admin/privacy. */
export interface AdminPrivacyView {
  requests: AdminPrivacyRequest[];
  log: Array<{ at: string; reason: string; erased: number; kept: number; stores: string[] }>;
  /** `complete` false: the count ran out of its time and is a lower bound ("at least"). */
  retention: { months: number; leavingNextMonth: number; complete: boolean };
}

const noticeText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(1500, `${label} is too long`)
    .regex(/^[^<>]*$/, `${label}: plain text only`);

/** POST /api/admin/privacy/breach: the notice each person affected is sent (docs/privacy.md, "A breach"). */
export const breachNoticeSchema = z
  .object({
    emails: z
      .array(emailAddress, { error: 'List the e-mail addresses to tell' })
      .min(1, 'List at least one e-mail address')
      .max(2000, 'At most 2,000 addresses at a time'),
    happened: noticeText('What happened'),
    data: noticeText('The data it touched'),
    done: noticeText('What we have done'),
    advice: noticeText('What they can do'),
  })
  .strict();
export type BreachNoticeRequest = z.infer<typeof breachNoticeSchema>;
