import { parentConsentField } from '../privacy/minor';
import { z } from './zod';
import { attributionSchema } from './attribution';
import { phoneNumber, storedPersonName } from './fields';
import { whatsappConsentField } from '../whatsappConsent';
import { submissionConsentField } from '../privacy/consent';

export const bookingStatuses = ['pending', 'contacted', 'completed', 'cancelled'] as const;
export const bookingTypes = ['discovery_call', 'investment'] as const;
export const paymentStatuses = ['pending', 'paid', 'failed'] as const;

/**
 * A stored booking: a free discovery call or a paid package. The server
 * decides bookingType, amount and paymentStatus from the catalogue, never the browser.
 */
export const bookingSchema = z.object({
  fullName: storedPersonName,
  mobile: phoneNumber,
  email: z.string().optional(),
  currentStage: z.string().trim().min(1).max(300),
  packageId: z.string().nullable(),
  packageName: z.string().min(1),
  bookingType: z.enum(bookingTypes),
  amount: z.number().int().min(0).nullable(),
  status: z.enum(bookingStatuses),
  paymentStatus: z.enum(paymentStatuses).nullable(),
  notes: z.string().max(2000).default(''),
  source: z.string().max(60).optional(),
  quizScore: z.number().int().min(0).max(100).nullable().optional(),
  attribution: attributionSchema.optional(),
  ...whatsappConsentField,
  ...submissionConsentField,
  ...parentConsentField,
});
export type Booking = z.infer<typeof bookingSchema>;
