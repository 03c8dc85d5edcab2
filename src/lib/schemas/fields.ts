import { z } from './zod';

// Field rules shared by every form: the island validates with them, the function
// validates the request with them, and stored records are typed by them.

/** What a name may be written with, said under the field. */
export const PERSON_NAME_MESSAGE = "Use letters, spaces and . ' - only";

// A name is printed on invoices and mails and shown to the owner, so it holds what a name is
// written with and nothing that moves, hides or fakes text: letters of any script with their
// combining marks, spaces and . ' - (a typed ’ counts as '). Line breaks, control characters,
// zero-width and bidi controls are all refused, and so is anything Unicode calls
// default-ignorable (drawn as nothing): the Hangul filler "letter", variation selectors. The
// zero-width joiners some Indic spellings use are refused with them: the name reads the same
// without them. See docs/payments.md (names on invoices).
const NAME_CHARACTERS = /^(?:(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{M}\p{Zs}.'\u2019-])*$/u;
const HAS_LETTER = /\p{L}/u;

/** The one rule for a person's name, with the form's own word for it ("Name", "Full name"). */
export function personNameField(label: string) {
  return (
    z
      .string({ error: `${label} is required` })
      // Checked before trimming, so a line break at either end is refused too.
      .regex(NAME_CHARACTERS, PERSON_NAME_MESSAGE)
      .overwrite((value) =>
        value
          .normalize('NFC')
          .replace(/\u2019/g, "'")
          .replace(/\p{Zs}+/gu, ' ')
          .trim(),
      )
      .min(1, `${label} is required`)
      .max(120, `${label} is too long`)
      .regex(HAS_LETTER, PERSON_NAME_MESSAGE)
  );
}

export const personName = personNameField('Name');

/**
 * A name as a stored record holds it. Records are parsed on every read, and names stored under
 * the earlier rule (any text of 1-120 characters) must still read; every new name comes in
 * through a form's schema, which uses personName.
 */
export const storedPersonName = z.string().trim().min(1).max(120);
export const emailAddress = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

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
