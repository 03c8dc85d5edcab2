import { z } from './zod';
import { attributionField } from './attribution';
import { honeypot, personName } from './fields';
import { whatsappOptInField } from '../whatsappConsent';
import { checkMinor, minorFields } from '../privacy/minor';
import { findPackage } from '../packageCatalogue';

// The package booking popup: what it sends and how it is checked. The browser sends who
// the visitor is and which package; the server decides type, amount and payment status
// from the catalogue (docs/decisions/0010-server-decides-the-price.md).

export const MISSING_INFORMATION = {
  title: 'Missing Information',
  description: 'Please fill in all required fields including Designation, Company, and Industry.',
} as const;
export const STUDENT_MISSING_INFORMATION = {
  title: 'Missing Information',
  description:
    "Please fill in the student's name, class and school, the parent's name and mobile, and whether the student is under 18.",
} as const;
export const PARENT_LINK_MISSING = {
  title: "Parent's e-mail needed",
  description: "Give the parent's e-mail, or tick WhatsApp updates, so the parent can confirm.",
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

/** The classes a student package is for. */
export const studentClasses = ['8', '9', '10', '11', '12'] as const;

// A professional's popup asks designation, company and industry; a student package's asks the
// student's class and school and a parent (docs/decisions/0041-minors-need-a-parent.md): which
// are required depends on the package, checked below.
export const packageBookingFormSchema = z.object({
  fullName: personName,
  mobile: tenDigitMobile,
  designation: required('Designation').optional(),
  company: required('Company').optional(),
  industry: required('Industry').optional(),
  studentClass: z.enum(studentClasses, { error: 'Choose the class, 8 to 12' }).optional(),
  school: required('School').optional(),
});
export type PackageBookingForm = Record<
  | 'fullName'
  | 'mobile'
  | 'designation'
  | 'company'
  | 'industry'
  | 'studentClass'
  | 'school'
  | 'parentName'
  | 'parentEmail'
  | 'minor',
  string
>;

export const packageBookingRequestSchema = packageBookingFormSchema
  .extend({
    packageId: z.string({ error: 'Package is required' }).trim().min(1, 'Package is required').max(60),
    ...attributionField,
    ...whatsappOptInField,
    ...minorFields,
    ...honeypot,
  })
  .superRefine((body, ctx) => {
    const forStudents = findPackage(body.packageId)?.forStudents ?? false;
    const needed: Array<[keyof typeof body, string]> = forStudents
      ? [
          ['studentClass', 'Choose the class, 8 to 12'],
          ['school', 'School is required'],
        ]
      : [
          ['designation', 'Designation is required'],
          ['company', 'Company is required'],
          ['industry', 'Industry is required'],
        ];
    for (const [field, message] of needed)
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    checkMinor<typeof body>(() => forStudents)(body, ctx);
  });

/** currentStage: 'Class {n} student, {school}' for a student, else '{designation} at {company} ({industry})'. */
export function currentStageOf(details: {
  designation?: string | undefined;
  company?: string | undefined;
  industry?: string | undefined;
  studentClass?: string | undefined;
  school?: string | undefined;
}): string {
  if (details.studentClass) return `Class ${details.studentClass} student, ${(details.school ?? '').trim()}`;
  return `${(details.designation ?? '').trim()} at ${(details.company ?? '').trim()} (${(details.industry ?? '').trim()})`;
}

/** Which toast a draft deserves, or null when it may be sent. No zod: used before anything loads. */
export function popupProblem(
  draft: PackageBookingForm,
  forStudents = false,
  whatsappOptIn = false,
):
  | typeof MISSING_INFORMATION
  | typeof STUDENT_MISSING_INFORMATION
  | typeof PARENT_LINK_MISSING
  | typeof INVALID_MOBILE
  | null {
  const asked: Array<keyof PackageBookingForm> = forStudents
    ? ['fullName', 'mobile', 'studentClass', 'school', 'parentName', 'minor']
    : ['fullName', 'mobile', 'designation', 'company', 'industry'];
  if (asked.some((name) => draft[name].trim() === ''))
    return forStudents ? STUDENT_MISSING_INFORMATION : MISSING_INFORMATION;
  if (draft.mobile.replace(/\D/g, '').length !== 10) return INVALID_MOBILE;
  if (forStudents && draft.minor === 'yes' && !draft.parentEmail.trim() && !whatsappOptIn) return PARENT_LINK_MISSING;
  return null;
}
