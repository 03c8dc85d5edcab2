import { z } from './zod';
import { attributionField } from './attribution';
import { honeypot, personName, phoneNumber } from './fields';
import { whatsappOptInField } from '../whatsappConsent';
import { checkMinor, minorFields } from '../privacy/minor';

/** The short call modal's "Current Background" choices. */
export const backgroundOptions = [
  { value: 'student-8-9', label: 'Student in Class 8-9' },
  { value: 'student-10-12', label: 'Student in Class 10-12' },
  { value: 'college-graduate', label: 'College Graduate' },
  { value: 'working-professional', label: 'Working Professional' },
] as const;

export type Background = (typeof backgroundOptions)[number]['value'];

export const background = z.enum(['student-8-9', 'student-10-12', 'college-graduate', 'working-professional'], {
  error: 'Choose your current background',
});

export function backgroundLabel(value: Background): string {
  return backgroundOptions.find((option) => option.value === value)?.label ?? value;
}

/** What opened the modal (a button name such as "nav", "hero", "quiz"); kept with the booking. */
export const callSource = z
  .string()
  .trim()
  .max(60, 'Source is too long')
  .regex(/^[a-z0-9-]+$/i, 'Source may hold letters, digits and dashes only');

/**
 * The source of a free call booked with its time already chosen (POST /api/appointments from the
 * contact form's picker): it asks for no call back, so it gets no call-back confirmation.
 */
export const BOOKED_TIME_SOURCE = 'contact-form-slot';

/**
 * POST /api/book-call (docs/api.md; docs/decisions/0006-every-lead-is-stored.md,
 * 0008-quiz-score-on-the-call-booking.md).
 */
/** Whether a background is a school student's, who may be under 18. */
export const isStudentBackground = (value: Background): boolean => value.startsWith('student-');

export const callRequestSchema = z
  .object({
    name: personName,
    phone: phoneNumber,
    background,
    source: callSource.optional(),
    quizScore: z
      .number({ error: 'Quiz score must be a number' })
      .int('Quiz score must be a whole number')
      .min(0)
      .max(100)
      .optional(),
    ...attributionField,
    ...whatsappOptInField,
    ...minorFields,
    ...honeypot,
  })
  .superRefine(checkMinor((body) => isStudentBackground(body.background)));
export type CallRequest = z.infer<typeof callRequestSchema>;
