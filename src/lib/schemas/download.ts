import { z } from './zod';
import { attributionField, attributionSchema } from './attribution';
import { honeypot, personNameField } from './fields';
import { whatsappConsentField, whatsappOptInField } from '../whatsappConsent';
import { submissionConsentField } from '../privacy/consent';
import { checkMinor, minorFields, parentConsentField } from '../privacy/minor';

/** Career stage choices of the download form. */
export const careerStageOptions = [
  { value: 'graduates', label: 'College Graduate / Fresh Graduate' },
  { value: 'earlycareer', label: 'Early Career Professional (0-5 years)' },
  { value: 'midcareer', label: 'Mid-Career Professional (5-15 years)' },
  { value: 'senior', label: 'Senior Professional (15+ years)' },
  { value: 'professionals', label: 'Working Professional' },
  { value: 'class8-9', label: 'Student in Class 8-9' },
  { value: 'class10-12', label: 'Student in Class 10-12' },
  { value: 'parent', label: 'Parent of a school student' },
  { value: 'hr-leader', label: 'HR or L&D leader' },
  { value: 'business-leader', label: 'Business leader or manager' },
] as const;

export type CareerStage = (typeof careerStageOptions)[number]['value'];

export const careerStage = z.enum(
  [
    'graduates',
    'earlycareer',
    'midcareer',
    'senior',
    'professionals',
    'class8-9',
    'class10-12',
    'parent',
    'hr-leader',
    'business-leader',
  ],
  {
    error: 'Please select your current stage',
  },
);

/** Who downloads a resource, so its stage list fits them: employers for the corporate brochure, else students, parents and professionals. */
const employerStages: readonly CareerStage[] = ['hr-leader', 'business-leader', 'professionals'];
export function stageOptionsFor(resourceId: string): ReadonlyArray<(typeof careerStageOptions)[number]> {
  return resourceId === 'corporate-brochure'
    ? careerStageOptions.filter((option) => employerStages.includes(option.value))
    : careerStageOptions.filter((option) => option.value !== 'hr-leader' && option.value !== 'business-leader');
}

/** A school student's stage: they may be under 18 (docs/privacy.md, "Students and parents"). */
export const isStudentStage = (value: CareerStage): boolean => value.startsWith('class');

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
export const downloadRequestSchema = downloadFormSchema
  .extend({
    resourceId,
    resourceTitle: z.string().max(300).optional(),
    ...attributionField,
    ...whatsappOptInField,
    ...minorFields,
    ...honeypot,
  })
  .superRefine((body, ctx) => {
    checkMinor<typeof body>((request) => isStudentStage(request.currentStage))(body, ctx);
    // The guide goes by e-mail: for a child, to the parent's.
    if (body.minor && !body.parentEmail)
      ctx.addIssue({
        code: 'custom',
        path: ['parentEmail'],
        message: "Parent's e-mail is required: the guide goes there",
      });
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
