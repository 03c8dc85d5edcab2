import { z } from './zod';
import { whoIsThisForOptions } from '../contactAudiences';
import { attributionField, attributionSchema } from './attribution';
import { emailAddress, honeypot, personName, phoneNumber } from './fields';

export { whoIsThisForOptions };

export const whoIsThisFor = z.enum(['college', 'working-professional'], { error: 'Choose who this is for' });

/** The home page contact lead (SPEC 3). */
export const contactLeadSchema = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  whoIsThisFor,
});
export type ContactLead = z.infer<typeof contactLeadSchema>;

export const contactRequestSchema = contactLeadSchema.extend({ ...attributionField, ...honeypot });

/** A stored contact message: the form's fields and where the visitor came from. */
export const contactRecordSchema = contactLeadSchema.extend({ attribution: attributionSchema.optional() });
export type ContactRecord = z.infer<typeof contactRecordSchema>;
