import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdminApiError } from '../../src/islands/admin/api';
import { formErrors } from '../../src/islands/admin/ui/formErrors';

const failed = (status: number, fields: Record<string, string>, message: string | null) =>
  new AdminApiError(status, '', fields, message, null, null);

describe('formErrors (the admin dialogs: request payment, refund)', () => {
  it('nothing to show before a request fails', () => {
    const shown = formErrors(null, ['amount'], 'Try again.', 'f');
    expect(shown.failure).toBeNull();
    expect(shown.describedBy('amount')).toBeUndefined();
    expect(shown.describedBy('amount', 'f-amount-hint')).toBe('f-amount-hint');
    expect(shown.fieldError('amount')).toBeNull();
  });

  it('a shown field error goes under its field, after the hint; no sentence above the form', () => {
    const shown = formErrors(
      failed(400, { amount: 'At most ₹50 is left to refund' }, 'Invalid'),
      ['amount', 'reason'],
      'Try again.',
      'f',
    );
    expect(shown.failure).toBeNull();
    expect(shown.fields).toEqual({ amount: 'At most ₹50 is left to refund' });
    expect(shown.describedBy('amount', 'f-amount-hint')).toBe('f-amount-hint f-amount-error');
    expect(renderToStaticMarkup(shown.fieldError('amount'))).toBe(
      '<p class="error" id="f-amount-error">At most ₹50 is left to refund</p>',
    );
    expect(shown.fieldError('reason')).toBeNull();
  });

  it('no field named, or a field the form has no control for: one sentence above the form', () => {
    expect(formErrors(failed(502, {}, 'Razorpay refused the refund.'), ['amount'], 'Try again.', 'f').failure).toBe(
      'Razorpay refused the refund.',
    );
    expect(
      formErrors(
        failed(400, { 'idempotency-key': 'Too short' }, 'Invalid Idempotency-Key header.'),
        ['amount'],
        'Try again.',
        'f',
      ).failure,
    ).toBe('Invalid Idempotency-Key header. idempotency-key: Too short');
  });
});
