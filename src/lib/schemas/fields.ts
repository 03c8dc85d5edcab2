import { z } from './zod';

// Field rules shared by every form: the island validates with them, the function
// validates the request with them, and stored records are typed by them.

export const personName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is too long');
export const emailAddress = z.string({ error: 'Email is required' }).trim().max(254, 'Email is too long').pipe(z.email('Enter a valid email address'));

/** A phone number with 10 to 13 digits once spaces, dashes, brackets and + are removed. */
export const phoneNumber = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(24, 'Phone number is too long')
  .regex(/^[+\d][\d\s()-]*$/, 'Use digits, spaces and dashes only')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 10 && digits <= 13;
  }, 'Enter a valid phone number with at least 10 digits');

/** Bots fill every field; people never see this one. Anything in it means "drop quietly". */
export const honeypot = { website: z.string().max(500).optional() };
export const HONEYPOT_FIELD = 'website';
