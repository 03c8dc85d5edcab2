import { describe, expect, it } from 'vitest';
import { bookingSchema } from '../../src/lib/schemas/booking';
import { contactRecordSchema } from '../../src/lib/schemas/contact';
import { corporateEnquirySchema } from '../../src/lib/schemas/corporateEnquiry';
import { downloadFormSchema } from '../../src/lib/schemas/download';
import { PERSON_NAME_MESSAGE, personName } from '../../src/lib/schemas/fields';
import { createOrderRequestSchema } from '../../src/lib/schemas/payment';
import { fieldErrors } from '../../src/server/http/validate';

const message = (value: unknown) => {
  const result = personName.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

/** "Asha Rao", then 44 lines of zero-width spaces, then a fake total: drawn, it would look like a second line of the invoice. */
const forged = `Asha Rao${'\n\u200b'.repeat(44)}\nTotal paid: ₹550.00`;

describe('a person’s name', () => {
  it.each([
    ['Asha Rao', 'Asha Rao'],
    ['  Asha   Rao ', 'Asha Rao'],
    ['Asha\u00a0Rao', 'Asha Rao'],
    ["D'Souza", "D'Souza"],
    ['O’Brien', "O'Brien"],
    ['Dr. Meera Iyer-Nair', 'Dr. Meera Iyer-Nair'],
    ['Zoë', 'Zoë'],
    ['आशा राव', 'आशा राव'],
    ['ஆஷா ராவ்', 'ஆஷா ராவ்'],
    ['আশা রাও', 'আশা রাও'],
    ['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ'],
    ['శ్రీనివాస్', 'శ్రీనివాస్'],
  ])('%j is a name, kept as %j', (value, kept) => {
    expect(personName.parse(value)).toBe(kept);
  });

  it('is kept in composed form, so one name is stored one way', () => {
    expect(personName.parse('Zoe\u0308')).toBe('Zoë');
  });

  it.each([
    ['the forged invoice line', forged],
    ['a line break inside', 'Asha\nRao'],
    ['a line break at the end', 'Asha Rao\n'],
    ['a carriage return', 'Asha\rRao'],
    ['a tab', 'Asha\tRao'],
    ['a line separator', 'Asha\u2028Rao'],
    ['a control character', 'Asha\u0007Rao'],
    ['a zero-width space', 'Asha\u200bRao'],
    ['a zero-width non-joiner', 'Asha\u200cRao'],
    ['a zero-width joiner', 'क्\u200dष'],
    ['a word joiner', 'Asha\u2060Rao'],
    ['a byte-order mark', '\ufeffAsha'],
    ['a right-to-left override', 'Asha \u202eoaR'],
    ['a left-to-right embedding', '\u202aAsha'],
    ['a right-to-left isolate', 'Asha \u2067Rao\u2069'],
    ['a left-to-right mark', 'Asha\u200e'],
    ['a right-to-left mark', 'Asha\u200f'],
    ['an Arabic letter mark', 'Asha\u061c'],
    ['the Hangul filler, a blank letter', '\u3164'],
    ['a variation selector', 'Asha\ufe0f'],
    ['an emoji', 'Asha 😀'],
    ['digits', 'Lead 7'],
    ['markup', 'Asha <b>Rao</b>'],
    ['a formula', '=HYPERLINK("x")'],
    ['punctuation alone', ".'-"],
  ])('refuses %s', (_, value) => {
    expect(message(value)).toBe(PERSON_NAME_MESSAGE);
  });

  it('is required and at most 120 characters once its spaces are collapsed', () => {
    expect(message('')).toBe('Name is required');
    expect(message('   ')).toBe('Name is required');
    expect(message('x'.repeat(121))).toBe('Name is too long');
    expect(personName.parse(`${'x'.repeat(60)}      ${'y'.repeat(59)}`)).toHaveLength(120);
  });

  it('is the same rule in every form, named by the form’s own field', () => {
    const order = createOrderRequestSchema.safeParse({
      packageId: 'ascend',
      customerName: forged,
      customerEmail: 'a@example.com',
      customerPhone: '9845012345',
      customerState: 'Karnataka',
    });
    expect(order.success).toBe(false);
    if (!order.success) expect(fieldErrors(order.error)).toEqual({ customerName: PERSON_NAME_MESSAGE });
    const download = downloadFormSchema.safeParse({
      fullName: 'Meera\nIyer',
      email: 'meera@example.com',
      mobile: '9845012345',
      currentStage: 'graduates',
    });
    expect(download.success).toBe(false);
    if (!download.success) expect(fieldErrors(download.error)).toEqual({ fullName: PERSON_NAME_MESSAGE });
  });

  it('a record stored under the earlier rule still reads: the rule is for what comes in', () => {
    const booking = {
      fullName: 'Lead 7',
      mobile: '9845012345',
      currentStage: 'Student',
      packageId: null,
      packageName: 'Discovery call',
      bookingType: 'discovery_call',
      amount: null,
      status: 'pending',
      paymentStatus: null,
    };
    expect(bookingSchema.parse(booking).fullName).toBe('Lead 7');
    const contact = {
      name: 'Meera <b>Iyer</b>',
      email: 'meera@example.com',
      phone: '9845012345',
      whoIsThisFor: 'college',
    };
    expect(contactRecordSchema.parse(contact).name).toBe('Meera <b>Iyer</b>');
    const enquiry = {
      name: 'Anita 2',
      email: 'anita@example.com',
      phone: '9845012345',
      company: 'Acme',
      employees: '500-999',
      role: 'HR',
    };
    expect(corporateEnquirySchema.parse(enquiry).name).toBe('Anita 2');
  });
});
