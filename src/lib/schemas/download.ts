import { z } from './zod';
import { attributionField, attributionSchema } from './attribution';
import { honeypot, personNameField } from './fields';
import { whatsappConsentField, whatsappOptInField } from '../whatsappConsent';
import { submissionConsentField } from '../privacy/consent';
import { parentConsentField } from '../privacy/minor';

/** Career stage choices of the download form. */
export const careerStageOptions = [
  { value: 'graduates', label: 'College Graduate / Fresh Graduate' },
  { value: 'earlycareer', label: 'Early Career Professional (0-5 years)' },
  { value: 'midcareer', label: 'Mid-Career Professional (5-15 years)' },
  { value: 'senior', label: 'Senior Professional (15+ years)' },
  { value: 'professionals', label: 'Working Professional' },
  { value: 'class8-9', label: 'Student in Class 8-9' },
  { value: 'class10-12', label: 'Student in Class 10-12' },
] as const;

export type CareerStage = (typeof careerStageOptions)[number]['value'];

export const careerStage = z.enum(
  ['graduates', 'earlycareer', 'midcareer', 'senior', 'professionals', 'class8-9', 'class10-12'],
  {
    error: 'Please select your current stage',
  },
);

export function careerStageLabel(value: CareerStage): string {
  return careerStageOptions.find((option) => option.value === value)?.label ?? value;
}

const mobileMessage = 'Valid mobile number is required';

/** The download form's fields with their messages, shown under each field. */
export const downloadFormSchema = z.object({
  fullName: personNameField('Full name'),
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .max(254, 'Valid email is required')
    .pipe(z.email('Valid email is required')),
  mobile: z
    .string({ error: mobileMessage })
    .trim()
    .min(10, mobileMessage)
    .max(24, mobileMessage)
    .regex(/^[+\d][\d\s()-]*$/, mobileMessage)
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 10 && digits <= 13;
    }, mobileMessage),
  currentStage: careerStage,
});
export type DownloadForm = z.infer<typeof downloadFormSchema>;

const resourceId = z
  .string({ error: 'Resource is required' })
  .trim()
  .min(1, 'Resource is required')
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'Unknown resource');

/** POST /api/resource-downloads. resourceTitle is accepted but the stored title comes from the catalogue. */
export const downloadRequestSchema = downloadFormSchema.extend({
  resourceId,
  resourceTitle: z.string().max(300).optional(),
  ...attributionField,
  ...whatsappOptInField,
  ...honeypot,
});

/** A stored download request (admin view: fullName, email, mobile, resourceTitle, currentStage, createdAt). */
export const downloadSchema = z.object({
  fullName: z.string().min(1),
  email: z.string().min(1),
  mobile: z.string().min(1),
  currentStage: z.string().min(1),
  resourceId: z.string().min(1),
  resourceTitle: z.string().min(1),
  attribution: attributionSchema.optional(),
  ...whatsappConsentField,
  ...submissionConsentField,
  ...parentConsentField,
});
export type Download = z.infer<typeof downloadSchema>;
