import { describe, expect, it } from 'vitest';
import { corporateEnquiryRow } from '../../src/lib/admin/customerExport';
import type { CorporateEnquiry } from '../../src/lib/schemas/corporateEnquiry';

const createdAt = '2026-11-21T09:05:00.000Z'; // 14:35 IST

const withoutMessage: CorporateEnquiry & { createdAt: string } = {
  createdAt,
  name: 'Anita Menon',
  email: 'anita.menon@tatasteel.example',
  phone: '+91 98450 44444',
  company: 'Tata Steel',
  employees: '5000+',
  role: 'CHRO',
};
const enquiry = { ...withoutMessage, message: 'We would like to start with our Jamshedpur plant.' };

describe('a corporate enquiry in the customer export', () => {
  it('names the kind, the person, both ways to reach them, the IST date, the company and the enquiry in the notes', () => {
    expect(corporateEnquiryRow({ ...enquiry, status: 'contacted' })).toEqual([
      'Corporate Enquiry',
      'Anita Menon',
      'anita.menon@tatasteel.example / +91 98450 44444',
      '2026-11-21 14:35',
      'Contacted',
      '',
      'Tata Steel',
      'Employees: 5,000+ employees | Role: CHRO | We would like to start with our Jamshedpur plant.',
      '',
    ]);
  });

  it('is pending until the owner marks it contacted, also when no status was stored', () => {
    expect(corporateEnquiryRow(enquiry)[4]).toBe('Pending');
    expect(corporateEnquiryRow({ ...enquiry, status: 'pending' })[4]).toBe('Pending');
  });

  it('leaves an optional message out of the notes', () => {
    expect(corporateEnquiryRow({ ...withoutMessage, employees: '500-999' })[7]).toBe(
      'Employees: 500-999 employees | Role: CHRO',
    );
    expect(corporateEnquiryRow({ ...enquiry, employees: '1000-4999', message: '   ' })[7]).toBe(
      'Employees: 1,000-4,999 employees | Role: CHRO',
    );
  });

  it('puts the source last, like every other lead', () => {
    const row = corporateEnquiryRow({
      ...enquiry,
      attribution: { source: 'linkedin', medium: 'paid-social', campaign: 'chro-2026' },
    });
    expect(row).toHaveLength(9);
    expect(row[8]).toBe('linkedin / paid-social · chro-2026');
  });

  it('neutralises a company or message typed as a spreadsheet formula', () => {
    const row = corporateEnquiryRow({ ...enquiry, company: '=HYPERLINK("http://evil.example")', name: '@SUM(1)' });
    expect(row[1]).toBe("'@SUM(1)");
    expect(row[6]).toBe(`'=HYPERLINK("http://evil.example")`);
  });
});
