import { describe, expect, test } from 'vitest';
import { checkRefund, whatFollows } from '../../src/islands/admin/payments/refundForm';

const LEFT = 1059900;

describe('the refund dialog: the form checked before anything is sent', () => {
  test('an empty amount asks for one (nothing is filled in for the owner); a reason is needed', () => {
    expect(checkRefund('', '', LEFT)).toEqual({
      ok: false,
      fields: { amount: 'Type the amount, or tap Full amount.', reason: 'Say why the payment is refunded' },
    });
  });

  test('more than is left, paise past two decimals, zero: refused naming the amount', () => {
    const over = checkRefund('10600', 'Not satisfied', LEFT);
    expect(over).toEqual({ ok: false, fields: { amount: 'At most ₹10,599 is left to refund.' } });
    for (const typed of ['0', '-5', '12.345']) {
      const result = checkRefund(typed, 'Not satisfied', LEFT);
      expect(result.ok, typed).toBe(false);
      expect(result.ok ? null : result.fields.amount, typed).toBeTruthy();
    }
  });

  test('a part, and all that is left (what "Full amount" fills in): the body to send and whether it is full', () => {
    expect(checkRefund('3000', ' Part back ', LEFT)).toEqual({
      ok: true,
      body: { amount: 3000, reason: 'Part back' },
      amountPaise: 300000,
      full: false,
    });
    expect(checkRefund(String(LEFT / 100), 'All of it', LEFT)).toMatchObject({
      ok: true,
      amountPaise: LEFT,
      full: true,
    });
  });
});

describe('the refund dialog: what the confirmation says follows', () => {
  const payment = { customerName: 'Meera Iyer', customerEmail: 'meera@example.com' };

  test('a full refund: the amount, the e-mails, the credit note, the sessions ended', () => {
    const lines = whatFollows({ amountPaise: LEFT, full: true }, payment);
    expect(lines.join(' ')).toContain('Razorpay sends ₹10,599 back');
    expect(lines).toContain('Once Razorpay confirms it, Meera Iyer is e-mailed at meera@example.com, and so are you.');
    expect(lines).toContain(
      "A credit note for ₹10,599 is issued against the payment's invoice (listed under Invoices).",
    );
    expect(lines).toContain(
      "Nothing of the payment is left: Meera Iyer's upcoming sessions are cancelled (they are told) and no session is left to book.",
    );
  });

  test('a partial refund keeps the sessions; no e-mail on record says so', () => {
    const lines = whatFollows({ amountPaise: 300050, full: false }, { ...payment, customerEmail: null });
    expect(lines).toContain(
      "A credit note for ₹3,000.50 is issued against the payment's invoice (listed under Invoices).",
    );
    expect(lines).toContain('Meera Iyer keeps their sessions: only a refund of all that was paid ends them.');
    expect(lines.join(' ')).toContain('gave no e-mail');
    expect(lines.join(' ')).not.toContain('upcoming sessions are cancelled');
  });
});
