import { z } from './zod';
import { whoIsThisForOptions } from '../contactAudiences';
import { attributionField, attributionSchema } from './attribution';
import { emailAddress, honeypot, personName, phoneNumber, storedPersonName } from './fields';
import { whatsappConsentField, whatsappOptInField } from '../whatsappConsent';
import { submissionConsentField } from '../privacy/consent';

export { whoIsThisForOptions };

export const whoIsThisFor = z.enum(['school-student', 'college', 'working-professional'], {
  error: 'Choose who this is for',
});

/** The home page contact lead. */
export const contactLeadSchema = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  whoIsThisFor,
});
export type ContactLead = z.infer<typeof contactLeadSchema>;

export const contactRequestSchema = contactLeadSchema.extend({
  ...attributionField,
  ...whatsappOptInField,
  ...honeypot,
});

/** Pending until the owner has answered it (the to-do's "Mark contacted"); stored once set. */
export const contactStatuses = ['pending', 'contacted'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

/** A stored contact message: the form's fields, where the visitor came from, and whether it is answered. */
export const contactRecordSchema = contactLeadSchema.extend({
  name: storedPersonName,
  // Absent until the owner sets one: a message without a status is pending.
  status: z.enum(contactStatuses).optional(),
  attribution: attributionSchema.optional(),
  ...whatsappConsentField,
  ...submissionConsentField,
});
export type ContactRecord = z.infer<typeof contactRecordSchema>;

/** PATCH /api/contacts/{id}/status (the admin's "Mark contacted"). */
export const contactStatusPatchSchema = z.strictObject({
  status: z.enum(contactStatuses, { error: 'Choose pending or contacted' }),
});
