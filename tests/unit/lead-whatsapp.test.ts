import { describe, expect, it } from 'vitest';
import { business } from '../../src/lib/business';
import { followUpGreeting, leadWhatsappHref, whatsappNumber } from '../../src/lib/admin/leadWhatsapp';

describe("the to-do's WhatsApp link", () => {
  it('dials Indian mobiles with +91 and keeps other country codes', () => {
    expect(whatsappNumber('98450 11111')).toBe('919845011111');
    expect(whatsappNumber('098450-11111')).toBe('919845011111');
    expect(whatsappNumber('+91 98450 11111')).toBe('919845011111');
    expect(whatsappNumber('+44 20 7946 0958')).toBe('442079460958');
    expect(whatsappNumber('12')).toBeNull();
  });

  it("greets the lead by first name with the owner's words from business.ts", () => {
    const greeting = followUpGreeting('Ananya  Iyer');
    expect(greeting.startsWith('Hello Ananya, this is')).toBe(true);
    expect(greeting).toContain(business.brand);
    expect(greeting).not.toMatch(/[{}]/);
    expect(followUpGreeting('')).toMatch(/^Hello, this is/);
  });

  it('builds a wa.me link with the greeting prefilled', () => {
    const url = new URL(leadWhatsappHref('98450 11111', 'Ananya Iyer')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/919845011111');
    expect(url.searchParams.get('text')).toBe(followUpGreeting('Ananya Iyer'));
    expect(leadWhatsappHref('call me', 'X')).toBeNull();
  });
});
