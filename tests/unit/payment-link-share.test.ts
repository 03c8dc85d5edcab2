import { describe, expect, test } from 'vitest';
import { paymentLinkMessage, internationalDigits, whatsappShareHref } from '../../src/lib/admin/paymentLinkShare';

describe('sharing a payment link on WhatsApp', () => {
  test('ten digits is an Indian mobile (+91); a number with its country code keeps it', () => {
    expect(internationalDigits('98450 12345')).toBe('919845012345');
    expect(internationalDigits('+91 98450-12345')).toBe('919845012345');
    expect(internationalDigits('+44 7700 900123')).toBe('447700900123');
    expect(internationalDigits('09845012345')).toBe('919845012345');
  });

  test('the message greets by first name and carries the amount, what for and the link, encoded for wa.me', () => {
    const text = paymentLinkMessage({
      name: 'Priya Raman',
      amount: 18000,
      description: 'Life Coaching: 6 sessions',
      url: 'https://rzp.io/i/AbC123',
    });
    expect(text).toBe(
      'Hello Priya, here is the secure link to pay ₹18,000 for Life Coaching: 6 sessions to CCC Edu: https://rzp.io/i/AbC123',
    );
    const href = new URL(whatsappShareHref('98450 12345', text));
    expect(href.origin + href.pathname).toBe('https://wa.me/919845012345');
    expect(href.searchParams.get('text')).toBe(text);
  });
});
