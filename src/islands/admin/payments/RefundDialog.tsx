import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatPaise } from '../../../lib/format';
import { MAX_REFUND_REASON, type RefundRequest } from '../../../lib/schemas/refund';
import type { PaymentRecord } from '../api';
import { adminKeys } from '../api/queries';
import { requestRefund } from '../api/refunds';
import { formErrors } from '../ui/formErrors';
import { useModalDialog } from '../ui/useModalDialog';

const SHOWN_FIELDS = ['amount', 'reason'];

/**
 * The owner's refund (docs/payments.md, "Refunds") in a native modal dialog: the amount starts
 * at all that is left, the reason is required. The request carries one Idempotency-Key for the
 * dialog's life, so pressing again after a lost answer never refunds twice. Razorpay settles
 * the refund later; the list shows it as refunded once its signed webhook says so.
 */
export function RefundDialog({
  payment,
  leftPaise,
  onClose,
}: {
  payment: PaymentRecord;
  leftPaise: number;
  onClose: () => void;
}) {
  const dialog = useModalDialog();
  const id = useId();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  // After showModal (the hook's effect runs first): the amount is filled in, the reason is what is asked.
  useEffect(() => reasonField.current?.focus(), []);
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState(String(leftPaise / 100));
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  const refund = useMutation({
    mutationFn: (body: RefundRequest) => requestRefund(payment.id, body, key),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.leads('payments') }),
  });
  const {
    fields,
    failure,
    describedBy,
    fieldError: error,
  } = formErrors(refund.error, SHOWN_FIELDS, 'The refund could not be asked for. Please try again.', id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.mutate({ amount: amount.trim() === '' ? Number.NaN : Number(amount), reason: reason.trim() });
  };

  return (
    <dialog
      ref={dialog}
      className="adm-dialog adm-pay-dialog"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      data-testid="refund-dialog"
    >
      <h2 id={`${id}-title`}>Refund {payment.customerName}</h2>
      {refund.data ? (
        <>
          <p className="adm-pay-ready" role="status" data-testid="refund-requested">
            Refund requested: <strong>{formatPaise(Math.round(refund.data.amount * 100))}</strong>. Razorpay usually
            settles it within a few days; the payment shows as refunded once Razorpay confirms it, and{' '}
            {payment.customerEmail ? 'the client is e-mailed then' : 'you are e-mailed then'}.
          </p>
          <div className="adm-dialog-actions">
            <button
              type="button"
              className="btn btn-primary adm-btn-sm"
              onClick={() => dialog.current?.close()}
              // Focus moves into an open dialog, onto the one action left.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
            >
              Done
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="adm-refund-of">
            {payment.packageName}, paid {formatPaise(payment.amountPaise)}. Up to{' '}
            <strong>{formatPaise(leftPaise)}</strong> can be refunded.
          </p>
          {failure ? (
            <div className="adm-notice adm-notice-conflict" role="alert" data-testid="refund-error">
              <p>{failure}</p>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={`${id}-amount`}>Amount to refund (₹)</label>
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              min={1}
              max={leftPaise / 100}
              step={0.01}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={fields.amount ? true : undefined}
              aria-describedby={describedBy('amount')}
              required
            />
            {error('amount')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason</label>
            <p className="hint" id={`${id}-reason-hint`}>
              For your records and the credit note. The client's e-mail does not quote it.
            </p>
            <textarea
              ref={reasonField}
              id={`${id}-reason`}
              value={reason}
              rows={3}
              maxLength={MAX_REFUND_REASON}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={fields.reason ? true : undefined}
              aria-describedby={describedBy('reason', `${id}-reason-hint`)}
              required
            />
            {error('reason')}
          </div>
          <div className="adm-dialog-actions">
            <button
              type="button"
              className="btn btn-outline adm-btn-sm"
              onClick={() => dialog.current?.close()}
              disabled={refund.isPending}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-primary adm-btn-sm" disabled={refund.isPending}>
              {refund.isPending ? 'Asking Razorpay…' : 'Refund'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
