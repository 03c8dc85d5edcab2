import { z } from './zod';
import { attributionField } from './attribution';
import { honeypot, personName } from './fields';
import { whatsappOptInField } from '../whatsappConsent';

// The package booking popup: what it sends and how it is checked. The browser sends who
// the visitor is and which package; the server decides type, amount and payment status
// from the catalogue (docs/decisions/0010-server-decides-the-price.md).

export const MISSING_INFORMATION = {
  title: 'Missing Information',
  description: 'Please fill in all required fields including Designation, Company, and Industry.',
} as const;
export const INVALID_MOBILE = {
  title: 'Invalid Mobile Number',
  description: 'Please enter a valid 10-digit mobile number.',
} as const;

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(120, `${label} is too long`);

/** Exactly 10 digits once everything that is not a digit is stripped. Stored as those 10 digits. */
export const tenDigitMobile = z
  .string({ error: 'Mobile number is required' })
  .max(24, 'Mobile number is too long')
  .transform((value) => value.replace(/\D/g, ''))
  .refine((digits) => digits.length === 10, INVALID_MOBILE.description);

export const packageBookingFormSchema = z.object({
  fullName: personName,
  mobile: tenDigitMobile,
  designation: required('Designation'),
  company: required('Company'),
  industry: required('Industry'),
});
export type PackageBookingForm = z.input<typeof packageBookingFormSchema>;

export const packageBookingRequestSchema = packageBookingFormSchema.extend({
  packageId: z.string({ error: 'Package is required' }).trim().min(1, 'Package is required').max(60),
  ...attributionField,
  ...whatsappOptInField,
  ...honeypot,
});

/** currentStage is built as '{designation} at {company} ({industry})'. */
export function currentStageOf(details: { designation: string; company: string; industry: string }): string {
  return `${details.designation.trim()} at ${details.company.trim()} (${details.industry.trim()})`;
}

/** Which toast a draft deserves, or null when it may be sent. No zod: used before anything loads. */
export function popupProblem(
  draft: Record<keyof PackageBookingForm, string>,
): typeof MISSING_INFORMATION | typeof INVALID_MOBILE | null {
  const blank = Object.values(draft).some((value) => value.trim() === '');
  if (blank) return MISSING_INFORMATION;
  if (draft.mobile.replace(/\D/g, '').length !== 10) return INVALID_MOBILE;
  return null;
}
