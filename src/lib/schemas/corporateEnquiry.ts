import { z } from './zod';
import { attributionField, attributionSchema } from './attribution';
import { emailAddress, honeypot, personName, phoneNumber, storedPersonName } from './fields';
import { whatsappConsentField, whatsappOptInField } from '../whatsappConsent';
import { submissionConsentField } from '../privacy/consent';

// The corporate page's enquiry ("Schedule Corporate Consultation", for CHROs of
// employers with 500+ employees): the form, POST /api/corporate-enquiries, and the stored record.

export const employeeBandOptions = [
  { value: '500-999', label: '500-999 employees' },
  { value: '1000-4999', label: '1,000-4,999 employees' },
  { value: '5000+', label: '5,000+ employees' },
] as const;
export type EmployeeBand = (typeof employeeBandOptions)[number]['value'];

export const CORPORATE_MESSAGE_MAX = 1000;

export const corporateEnquiryFormSchema = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  company: z
    .string({ error: 'Company is required' })
    .trim()
    .min(1, 'Company is required')
    .max(120, 'Company is too long (at most 120 characters)'),
  employees: z.enum(['500-999', '1000-4999', '5000+'], { error: 'Choose the number of employees' }),
  role: z
    .string({ error: 'Role is required' })
    .trim()
    .min(1, 'Role is required')
    .max(80, 'Role is too long (at most 80 characters)'),
  message: z
    .string({ error: 'Message must be text' })
    .trim()
    .max(CORPORATE_MESSAGE_MAX, `At most ${CORPORATE_MESSAGE_MAX} characters`)
    .optional(),
});
export type CorporateEnquiryForm = z.infer<typeof corporateEnquiryFormSchema>;

/** POST /api/corporate-enquiries -> 201 { id } */
export const corporateEnquiryRequestSchema = corporateEnquiryFormSchema.extend({
  ...attributionField,
  ...whatsappOptInField,
  ...honeypot,
});

export const corporateEnquiryStatuses = ['pending', 'contacted'] as const;

/** A stored enquiry: pending until the owner has answered it. */
export const corporateEnquirySchema = corporateEnquiryFormSchema.extend({
  name: storedPersonName,
  status: z.enum(corporateEnquiryStatuses).optional(),
  attribution: attributionSchema.optional(),
  ...whatsappConsentField,
  ...submissionConsentField,
});
export type CorporateEnquiry = z.infer<typeof corporateEnquirySchema>;

export function employeeBandLabel(value: EmployeeBand): string {
  return employeeBandOptions.find((option) => option.value === value)?.label ?? value;
}

/** PATCH /api/corporate-enquiries/{id}/status (the to-do's "Mark contacted"). */
export const corporateEnquiryStatusPatchSchema = z.strictObject({
  status: z.enum(corporateEnquiryStatuses, { error: 'Choose pending or contacted' }),
});
