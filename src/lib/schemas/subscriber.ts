import { z } from './zod';
import { attributionField, attributionSchema } from './attribution';
import { emailAddress, honeypot } from './fields';
import { submissionConsentField } from '../privacy/consent';

/** POST /api/newsletter (docs/decisions/0007-newsletter-subscribes-for-real.md). */
export const subscribeRequestSchema = z.object({
  email: emailAddress,
  ...attributionField,
  ...honeypot,
});

/** A newsletter subscriber; the e-mail is stored lower-cased so one address is one subscriber. */
export const subscriberSchema = z.object({
  email: z.string().min(3).max(254),
  attribution: attributionSchema.optional(),
  ...submissionConsentField,
});
export type Subscriber = z.infer<typeof subscriberSchema>;
