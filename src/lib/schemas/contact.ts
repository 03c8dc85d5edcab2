import { z } from 'zod';
import { emailAddress, honeypot, personName, phoneNumber } from './fields';

export const whoIsThisForOptions = [
  { value: 'college', label: 'College Graduates' },
  { value: 'working-professional', label: 'Working Professionals' },
] as const;

export const whoIsThisFor = z.enum(['college', 'working-professional'], { error: 'Choose who this is for' });

/** The home page contact lead (SPEC 3). */
export const contactLeadSchema = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  whoIsThisFor,
});
export type ContactLead = z.infer<typeof contactLeadSchema>;

export const contactRequestSchema = contactLeadSchema.extend(honeypot);
