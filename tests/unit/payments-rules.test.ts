import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  INVALID_MOBILE,
  MISSING_INFORMATION,
  PARENT_LINK_MISSING,
  STUDENT_MISSING_INFORMATION,
  currentStageOf,
  packageBookingFormSchema,
  popupProblem,
} from '../../src/lib/schemas/packageBooking';
import { createOrderRequestSchema, type Payment } from '../../src/lib/schemas/payment';
import { paymentSignature, signaturesMatch, webhookSignature } from '../../src/server/payments/signatures';
import { bookingPaymentStatusAfter, captured, failed } from '../../src/server/payments/transitions';

const professional = {
  fullName: 'Asha K',
  mobile: '+91 98450-12345',
  designation: 'Analyst',
  company: 'TCS',
  industry: 'IT',
};
const notAsked = { studentClass: '', school: '', parentName: '', parentEmail: '', minor: '' };
const draft = { ...professional, ...notAsked };
const student = {
  ...draft,
  designation: '',
  company: '',
  industry: '',
  mobile: '98450 12345',
  studentClass: '10',
  school: 'Kendriya Vidyalaya',
  parentName: 'Lakshmi K',
  minor: 'yes',
  parentEmail: 'lakshmi@example.com',
};

describe('package popup validation', () => {
  test("every field a professional's popup asks must be non-blank after trimming", () => {
    for (const field of Object.keys(professional) as (keyof typeof professional)[]) {
      expect(popupProblem({ ...draft, [field]: '   ' })).toBe(MISSING_INFORMATION);
    }
  });
  test("a student package's popup asks class, school, a parent and whether the student is under 18, not designation, company or industry", () => {
    expect(popupProblem(student, true)).toBeNull();
    for (const field of ['fullName', 'studentClass', 'school', 'parentName', 'minor'] as const)
      expect(popupProblem({ ...student, [field]: ' ' }, true), field).toBe(STUDENT_MISSING_INFORMATION);
    // A child's parent confirms through a link: their e-mail, or WhatsApp ticked.
    expect(popupProblem({ ...student, parentEmail: '' }, true)).toBe(PARENT_LINK_MISSING);
    expect(popupProblem({ ...student, parentEmail: '' }, true, true)).toBeNull();
    expect(popupProblem({ ...student, parentEmail: '', minor: 'no' }, true)).toBeNull();
  });
  test('the mobile must have exactly 10 digits once non-digits are stripped', () => {
    expect(popupProblem({ ...draft, mobile: '98450 12345' })).toBeNull();
    expect(popupProblem({ ...draft, mobile: '(984) 501-2345' })).toBeNull();
    expect(popupProblem({ ...draft, mobile: '984501234' })).toBe(INVALID_MOBILE);
    // "+91" adds two digits: 12 is not 10, and the popup asks for exactly 10 (docs/payments.md).
    expect(popupProblem(draft)).toBe(INVALID_MOBILE);
    expect(packageBookingFormSchema.safeParse({ ...professional, mobile: '98450-12345' }).data?.mobile).toBe(
      '9845012345',
    );
    expect(packageBookingFormSchema.safeParse(professional).success).toBe(false);
  });
  test('currentStage reads "{designation} at {company} ({industry})"', () => {
    expect(currentStageOf({ designation: ' Analyst ', company: 'TCS', industry: 'IT ' })).toBe('Analyst at TCS (IT)');
  });
});

describe('order request', () => {
  test('an amount from the browser is not part of the request', () => {
    const parsed = createOrderRequestSchema.parse({
      packageId: 'ascend',
      bookingId: '8236000000000-abcdef0123',
      amount: 1,
      customerState: 'Karnataka',
    });
    expect(parsed).not.toHaveProperty('amount');
  });
});

describe('signatures', () => {
  test('payment signature is HMAC-SHA256("order|payment") with the key secret', () => {
    const expected = createHmac('sha256', 'secret').update('order_ABC123|pay_XYZ789').digest('hex');
    expect(paymentSignature('order_ABC123', 'pay_XYZ789', 'secret')).toBe(expected);
  });
  test('webhook signature is HMAC-SHA256 of the raw body with the webhook secret', () => {
    const body = '{"event":"payment.captured"}';
    expect(webhookSignature(body, 'whsec')).toBe(createHmac('sha256', 'whsec').update(body).digest('hex'));
  });
  test('comparison accepts only the exact signature', () => {
    const good = paymentSignature('order_A', 'pay_B', 's');
    expect(signaturesMatch(good, good)).toBe(true);
    expect(signaturesMatch(good, good.toUpperCase())).toBe(true);
    expect(signaturesMatch(good, good.slice(0, -1) + (good.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(signaturesMatch(good, good.slice(0, 32))).toBe(false);
    // One hex digit appended: Buffer.from(hex) would drop it and compare equal bytes.
    for (const digit of ['0', 'a', 'f']) expect(signaturesMatch(good, `${good}${digit}`)).toBe(false);
    expect(signaturesMatch(good, 'not-hex')).toBe(false);
    expect(signaturesMatch(good, '')).toBe(false);
    expect(signaturesMatch(good, null)).toBe(false);
  });
});

describe('payment transitions', () => {
  const base: Payment = {
    bookingId: '8236000000000-abcdef0123',
    packageId: 'ascend',
    packageName: 'Ascend',
    customerName: 'A',
    customerEmail: null,
    customerPhone: '9845012345',
    amount: 6499,
    amountPaise: 649900,
    currency: 'INR',
    status: 'created',
    razorpayOrderId: 'order_ABCDEF123456',
    razorpayPaymentId: null,
    confirmedBy: null,
    failureReason: null,
    paidAt: null,
    customerState: 'Karnataka',
  };
  const at = new Date('2026-11-21T10:00:00Z');
  test('created → captured records who confirmed it and when', () => {
    expect(captured(base, { razorpayPaymentId: 'pay_ABCDEF123456', via: 'webhook', at })).toMatchObject({
      status: 'captured',
      razorpayPaymentId: 'pay_ABCDEF123456',
      confirmedBy: 'webhook',
      paidAt: at.toISOString(),
    });
  });
  test('captured is final: neither a second capture nor a failure changes it', () => {
    const paid = captured(base, { razorpayPaymentId: 'pay_ABCDEF123456', via: 'verify', at });
    expect(captured(paid, { razorpayPaymentId: 'pay_OTHER0000000', via: 'webhook', at: new Date() })).toBe(paid);
    expect(failed(paid, 'pay_OTHER0000000', 'declined')).toBe(paid);
  });
  test('a failed attempt can still be followed by a capture on the same order', () => {
    const declined = failed(base, 'pay_FIRST0000000', 'declined');
    expect(declined.status).toBe('failed');
    expect(captured(declined, { razorpayPaymentId: 'pay_SECOND000000', via: 'verify', at })).toMatchObject({
      status: 'captured',
      failureReason: null,
    });
  });
  test('a paid booking stays paid', () => {
    expect(bookingPaymentStatusAfter('paid', 'failed')).toBe('paid');
    expect(bookingPaymentStatusAfter('pending', 'failed')).toBe('failed');
    expect(bookingPaymentStatusAfter('failed', 'captured')).toBe('paid');
  });
});
