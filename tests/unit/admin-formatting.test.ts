import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from '../../src/lib/admin/contactLinks';
import { formatDateIST, formatDateTimeIST, istDateStamp, istTimestamp } from '../../src/lib/admin/istDates';
import {
  bookingPaymentLabel,
  bookingStatusChoices,
  bookingStatusLabel,
  bookingTypeLabel,
  paymentStatusLabel,
} from '../../src/lib/admin/labels';
import { formatRupees } from '../../src/lib/format';
import { bookingStatuses } from '../../src/lib/schemas/booking';

describe('dashboard dates in IST, en-IN', () => {
  it('shows day, short month, year and a 12-hour time', () => {
    expect(formatDateTimeIST('2026-11-21T09:05:00Z')).toBe('21 Nov 2026, 2:35 pm');
  });
  it('moves to the next IST day after 18:30 UTC', () => {
    expect(formatDateTimeIST('2026-11-21T20:05:00Z')).toBe('22 Nov 2026, 1:35 am');
  });
  it("shows a day alone for dates such as a post's publication", () => {
    expect(formatDateIST('2026-11-21T20:05:00Z')).toBe('22 Nov 2026');
  });
  it('returns null for nothing or nonsense, so the card chooses what to show', () => {
    expect(formatDateTimeIST(null)).toBeNull();
    expect(formatDateTimeIST('')).toBeNull();
    expect(formatDateTimeIST('not a date')).toBeNull();
  });
  it('writes spreadsheet timestamps and file-name stamps in IST with a 24-hour clock', () => {
    expect(istTimestamp('2026-11-21T18:40:00Z')).toBe('2026-11-22 00:10');
    expect(istTimestamp('2026-01-05T03:04:00Z')).toBe('2026-01-05 08:34');
    expect(istTimestamp(undefined)).toBe('');
    expect(istDateStamp(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });
});

describe('dashboard amounts and labels', () => {
  it('shows rupees with Indian grouping', () => {
    expect(formatRupees(10599)).toBe('₹10,599');
    expect(formatRupees(150000)).toBe('₹1,50,000');
  });
  it('names stored codes in plain words and keeps unknown codes visible', () => {
    expect(bookingStatusLabel('contacted')).toBe('Contacted');
    expect(bookingTypeLabel('discovery_call')).toBe('Discovery call');
    expect(bookingPaymentLabel('paid')).toBe('Paid');
    expect(paymentStatusLabel('created')).toBe('Awaiting payment');
    expect(paymentStatusLabel('refunded')).toBe('refunded');
    expect(bookingStatusLabel(null)).toBe('');
  });
});

describe('phone and e-mail links', () => {
  it('dials a 10-digit Indian mobile with +91 whatever its formatting', () => {
    expect(telHref('98450 12345')).toBe('tel:+919845012345');
    expect(telHref('(984) 501-2345')).toBe('tel:+919845012345');
  });
  it('keeps a number that already has a country code', () => {
    expect(telHref('+91 98450 12345')).toBe('tel:+919845012345');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
  it('writes a mailto link that survives odd characters', () => {
    expect(mailtoHref('priya.r+leads@example.in')).toBe('mailto:priya.r%2Bleads@example.in');
    expect(mailtoHref(' a@b.in ')).toBe('mailto:a@b.in');
  });
});

describe('the status dropdown', () => {
  it('offers exactly the stored statuses, in their order', () => {
    expect(bookingStatusChoices).toEqual([...bookingStatuses]);
  });
});
