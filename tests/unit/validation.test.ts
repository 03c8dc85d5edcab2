import { describe, expect, it } from 'vitest';
import { appointmentRequestSchema } from '../../src/lib/schemas/appointment';
import { contactLeadSchema } from '../../src/lib/schemas/contact';
import { fieldErrors } from '../../src/server/http/validate';

const valid = { name: 'Asha Rao', email: 'asha@example.com', phone: '+91 98765-43210', whoIsThisFor: 'college' };

describe('contact lead schema', () => {
  it('accepts a complete lead and trims it', () => {
    expect(contactLeadSchema.parse({ ...valid, name: '  Asha Rao ' }).name).toBe('Asha Rao');
  });

  it.each([
    ['98765', 'too few digits'],
    ['98765432109876', 'too many digits'],
    ['call me', 'letters'],
  ])('rejects phone %s (%s)', (phone) => {
    expect(contactLeadSchema.safeParse({ ...valid, phone }).success).toBe(false);
  });

  it("names the fields of a union's closest shape, not the whole body", () => {
    const result = appointmentRequestSchema.safeParse({
      start: '2030-01-07T10:00:00+05:30',
      name: 'Asha Rao',
      phone: '98765 43210',
      whatsappOptIn: 'yes',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({ whatsappOptIn: 'WhatsApp opt-in must be true or false' });
  });

  it('names every bad field once', () => {
    const result = contactLeadSchema.safeParse({ name: '', email: 'nope', whoIsThisFor: 'nobody' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      phone: 'Phone number is required',
      whoIsThisFor: 'Choose who this is for',
    });
  });
});
