import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_HEADER,
  UTF8_BOM,
  bookingRow,
  buildCsv,
  contactRow,
  downloadRow,
  exportFileName,
  neutraliseFormula,
  paymentRow,
  subscriberRow,
  type ExportRow,
} from '../../src/lib/admin/customerExport';

const createdAt = '2026-11-21T09:05:00.000Z'; // 14:35 IST

const booking = {
  id: '1763715900000-abcdef0123',
  createdAt,
  fullName: 'Priya Raghavan',
  mobile: '9845012345',
  currentStage: 'Analyst at Infosys (IT)',
  packageId: 'ascend-plus',
  packageName: 'Ascend Plus',
  bookingType: 'investment' as const,
  amount: 10599,
  status: 'contacted' as const,
  paymentStatus: 'paid' as const,
  notes: 'Prefers evening calls',
  quizScore: 62,
};

describe('neutralising spreadsheet formulas', () => {
  it.each(['=SUM(A1:A9)', '+91 98450 12345', '-2+3', '@cmd', '\tlead', '\r=1'])(
    'prefixes %j with an apostrophe',
    (cell) => {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    },
  );
  it.each(['Priya', '98450 12345', 'a=b', '', 'Rao =1 (formula sign mid-cell)'])('leaves %j alone', (cell) => {
    expect(neutraliseFormula(cell)).toBe(cell);
  });
  it('neutralises every cell a row builder makes, whatever the field', () => {
    const hostile = {
      ...booking,
      fullName: '=HYPERLINK("http://evil.example","Click")',
      mobile: '+919845012345',
      notes: '@SUM(1)',
      packageName: '-1+1',
    };
    const cells = bookingRow(hostile);
    expect(cells[1]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(cells[2]).toBe("'+919845012345");
    expect(cells[6]).toBe("'-1+1");
    expect(cells.every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true);
  });
});

describe('export rows', () => {
  it('a booking: name, mobile, IST date, status with payment, plain amount, package, notes', () => {
    expect(bookingRow(booking)).toEqual([
      'Booking',
      'Priya Raghavan',
      '9845012345',
      '2026-11-21 14:35',
      'Contacted, Paid',
      '10599',
      'Ascend Plus',
      'Package purchase | Stage: Analyst at Infosys (IT) | Quiz score: 62% | Prefers evening calls',
      '',
    ]);
  });
  it('a free call has no amount and no payment status', () => {
    const row = bookingRow({
      ...booking,
      bookingType: 'discovery_call',
      amount: null,
      paymentStatus: null,
      quizScore: null,
      notes: '',
      email: 'p@example.in',
    });
    expect(row[2]).toBe('p@example.in / 9845012345');
    expect(row[4]).toBe('Contacted');
    expect(row[5]).toBe('');
    expect(row[7]).toBe('Discovery call | Stage: Analyst at Infosys (IT)');
  });
  it('a contact submission', () => {
    expect(
      contactRow({
        createdAt,
        name: 'Arjun Nair',
        email: 'arjun@example.in',
        phone: '98450 11111',
        whoIsThisFor: 'college',
      }),
    ).toEqual([
      'Contact Form',
      'Arjun Nair',
      'arjun@example.in / 98450 11111',
      '2026-11-21 14:35',
      '',
      '',
      '',
      'For: College Graduates',
      '',
    ]);
  });
  it('a payment', () => {
    const row = paymentRow({
      createdAt,
      bookingId: '1763715900000-abcdef0123',
      packageId: 'ascend',
      packageName: 'Ascend',
      customerName: 'Meera Iyer',
      customerEmail: null,
      customerPhone: '9845022222',
      amount: 6499,
      amountPaise: 649900,
      currency: 'INR',
      status: 'captured',
      razorpayOrderId: 'order_ABC123456',
      razorpayPaymentId: 'pay_XYZ987654',
      confirmedBy: 'verify',
      failureReason: null,
      paidAt: createdAt,
      customerState: 'Karnataka',
    });
    expect(row).toEqual([
      'Payment',
      'Meera Iyer',
      '9845022222',
      '2026-11-21 14:35',
      'Paid',
      '6499',
      'Ascend',
      'Order: order_ABC123456 | Payment: pay_XYZ987654',
      '',
    ]);
  });
  it('a resource download and a subscriber', () => {
    expect(
      downloadRow({
        createdAt,
        fullName: 'Kavya Rao',
        email: 'kavya@example.in',
        mobile: '9845033333',
        currentStage: 'Working Professional',
        resourceId: 'executive-guide',
        resourceTitle: 'Executive Career Acceleration Guide',
      }),
    ).toEqual([
      'Resource Download',
      'Kavya Rao',
      'kavya@example.in / 9845033333',
      '2026-11-21 14:35',
      '',
      '',
      'Executive Career Acceleration Guide',
      'Stage: Working Professional',
      '',
    ]);
    expect(subscriberRow({ createdAt, email: 'reader@example.in' })).toEqual([
      'Newsletter Subscriber',
      '',
      'reader@example.in',
      '2026-11-21 14:35',
      'Subscribed',
      '',
      '',
      '',
      '',
    ]);
  });
});

describe('the Source column', () => {
  const fromAd = {
    source: 'google',
    medium: 'cpc',
    campaign: 'class-10-streams',
    landingPage: '/how-it-works?utm_source=google',
  };
  it('is the last column: source / medium · campaign of every kind of lead that carries one', () => {
    expect(EXPORT_HEADER.at(-1)).toBe('Source');
    expect(bookingRow({ ...booking, attribution: fromAd })[8]).toBe('google / cpc · class-10-streams');
    expect(
      contactRow({
        createdAt,
        name: 'Arjun Nair',
        email: 'arjun@example.in',
        phone: '98450 11111',
        whoIsThisFor: 'college',
        attribution: { source: 'google.com', medium: 'referral' },
      })[8],
    ).toBe('google.com / referral');
    expect(
      downloadRow({
        createdAt,
        fullName: 'Kavya Rao',
        email: 'k@example.in',
        mobile: '9845033333',
        currentStage: 'x',
        resourceId: 'g',
        resourceTitle: 'Guide',
        attribution: { source: 'instagram' },
      })[8],
    ).toBe('instagram');
    expect(subscriberRow({ createdAt, email: 'reader@example.in', attribution: { landingPage: '/' } })[8]).toBe(
      '(direct)',
    );
  });
  it('is empty for a lead stored before sources were kept', () => {
    expect(subscriberRow({ createdAt, email: 'reader@example.in' })[8]).toBe('');
  });
  it('neutralises a source a visitor typed as a formula into the address', () => {
    expect(
      bookingRow({ ...booking, attribution: { source: '=HYPERLINK("http://evil.example")', medium: 'x' } })[8],
    ).toBe(`'=HYPERLINK("http://evil.example") / x`);
    expect(subscriberRow({ createdAt, email: 'r@example.in', attribution: { source: '@SUM(1)' } })[8]).toBe("'@SUM(1)");
  });
});

describe('the CSV file', () => {
  it('starts with a BOM, then exactly the header, and parses back to the same rows', () => {
    const rows: ExportRow[] = [
      bookingRow({ ...booking, fullName: 'Rao, "Ravi"', notes: 'line one\nline two' }),
      subscriberRow({ createdAt, email: 'a@b.in' }),
    ];
    const csv = buildCsv(rows);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')[0]).toBe('Data Type,Name,Email/Mobile,Date,Status,Amount,Package,Notes,Source');
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...EXPORT_HEADER]);
    expect(parsed.data.slice(1)).toEqual(rows);
  });
  it('keeps ₹ and Indian scripts intact', () => {
    const csv = buildCsv([bookingRow({ ...booking, fullName: 'प्रिया राघवन', notes: '₹ budget ok' })]);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('प्रिया राघवन');
  });
  it('builds 50,000 rows in one go', () => {
    const rows = Array.from({ length: 50_000 }, (_, index) => bookingRow({ ...booking, fullName: `Lead ${index}` }));
    const csv = buildCsv(rows);
    expect(csv.split('\r\n')).toHaveLength(50_001);
  });
});

describe('the file name', () => {
  it('is the brand, data and the IST date', () => {
    expect(exportFileName('CCC Edu', new Date('2026-11-21T09:00:00Z'))).toBe('ccc-edu-data-2026-11-21.csv');
  });
  it('uses the IST day, which starts 5:30 hours before UTC midnight', () => {
    expect(exportFileName('CCC Edu', new Date('2026-11-21T18:29:00Z'))).toBe('ccc-edu-data-2026-11-21.csv');
    expect(exportFileName('CCC Edu', new Date('2026-11-21T18:31:00Z'))).toBe('ccc-edu-data-2026-11-22.csv');
  });
});
