import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { DoneAction } from '../ui/DoneAction';
import { formatPaise } from '../../../lib/format';
import { MAX_REFUND_REASON, type RefundRequest } from '../../../lib/schemas/refund';
import type { PaymentRecord } from '../api';
import { adminKeys } from '../api/queries';
import { requestRefund } from '../api/refunds';
import { formErrors } from '../ui/formErrors';
import { useModalDialog } from '../ui/useModalDialog';
import { checkRefund, whatFollows } from './refundForm';

const SHOWN_FIELDS = ['amount', 'reason'];
const fieldLabels: Record<string, string> = { amount: 'the amount', reason: 'the reason' };

type Step = { name: 'form' } | { name: 'confirm'; body: RefundRequest; amountPaise: number; full: boolean };

/**
 * The owner's refund (docs/payments.md, "Refunds") in a native modal dialog, in two steps: the
 * amount (empty until typed or "Full amount" is tapped) and the reason; then a confirmation that
 * states the amount and what follows, and only its "Refund ₹X" sends. The request carries one
 * Idempotency-Key for the dialog's life, so pressing again after a lost answer never refunds twice.
 * Razorpay settles the refund later; the list shows it as refunded once its signed webhook says so.
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
  const amountField = useRef<HTMLInputElement>(null);
  const backButton = useRef<HTMLButtonElement>(null);
  const [key] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [checked, setChecked] = useState<Record<string, string>>({});
  const client = useQueryClient();
  const refund = useMutation({
    mutationFn: (body: RefundRequest) => requestRefund(payment.id, body, key),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.leads('payments') }),
    // What went wrong is about the form (a field) or about Razorpay: either way it is read there.
    onError: () => setStep({ name: 'form' }),
  });
  const server = formErrors(refund.error, SHOWN_FIELDS, 'The refund could not be asked for. Please try again.', id);
  // The form's own check first; the server's answer when the form found nothing.
  const fields = Object.keys(checked).length > 0 ? checked : server.fields;
  const failure = Object.keys(checked).length > 0 ? null : server.failure;
  const wrong = SHOWN_FIELDS.filter((name) => fields[name]);
  const describedBy = (name: string, hint?: string) =>
    [hint, fields[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  const error = (name: string) =>
    fields[name] ? (
      <p className="error" id={`${id}-${name}-error`}>
        {fields[name]}
      </p>
    ) : null;

  // The amount is asked first (after showModal, which the hook's effect runs); back from the confirmation, again.
  useEffect(() => {
    if (step.name === 'form') amountField.current?.focus();
    else backButton.current?.focus();
  }, [step.name]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const result = checkRefund(amount, reason, leftPaise);
    if (!result.ok) {
      setChecked(result.fields as Record<string, string>);
      amountField.current?.focus();
      return;
    }
    setChecked({});
    refund.reset();
    setStep({ name: 'confirm', body: result.body, amountPaise: result.amountPaise, full: result.full });
  };

  let body;
  if (refund.data) {
    body = (
      <>
        <p className="adm-pay-ready" role="status" data-testid="refund-requested">
          Refund requested: <strong>{formatPaise(Math.round(refund.data.amount * 100))}</strong>. Razorpay usually
          settles it within a few days; the payment shows as refunded once Razorpay confirms it, and{' '}
          {payment.customerEmail ? 'the client is e-mailed then' : 'you are e-mailed then'}.
        </p>
        <DoneAction onDone={() => dialog.current?.close()} />
      </>
    );
  } else if (step.name === 'confirm') {
    const amountText = formatPaise(step.amountPaise);
    body = (
      <div role="group" aria-labelledby={`${id}-confirm`} data-testid="refund-confirm">
        <p id={`${id}-confirm`} className="adm-refund-confirm">
          Refund <strong>{amountText}</strong> to {payment.customerName}?
        </p>
        <ul className="adm-refund-follows">
          {whatFollows(step, payment).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="adm-dialog-actions">
          <button
            ref={backButton}
            type="button"
            className="btn btn-outline adm-btn-sm"
            onClick={() => setStep({ name: 'form' })}
            disabled={refund.isPending}
          >
            Back
          </button>
          <button
            type="button"
            className="btn btn-primary adm-btn-sm"
            onClick={() => refund.mutate(step.body)}
            disabled={refund.isPending}
          >
            {refund.isPending ? 'Asking Razorpay…' : `Refund ${amountText}`}
          </button>
        </div>
      </div>
    );
  } else {
    body = (
      <form onSubmit={review} noValidate>
        <p className="adm-refund-of">
          {payment.packageName}, paid {formatPaise(payment.amountPaise)}. Up to{' '}
          <strong>{formatPaise(leftPaise)}</strong> can be refunded.
        </p>
        {failure || wrong.length > 0 ? (
          <div className="adm-notice adm-notice-conflict" role="alert" data-testid="refund-error">
            <p>{failure ?? `Check ${wrong.map((name) => fieldLabels[name]).join(' and ')}.`}</p>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount to refund (₹)</label>
          <div className="adm-refund-amount">
            <input
              ref={amountField}
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              min={0.01}
              max={leftPaise / 100}
              step={0.01}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={fields.amount ? true : undefined}
              aria-describedby={describedBy('amount')}
              required
            />
            <button
              type="button"
              className="btn btn-outline adm-btn-sm"
              onClick={() => setAmount(String(leftPaise / 100))}
            >
              Full amount<span className="visually-hidden">, {formatPaise(leftPaise)}</span>
            </button>
          </div>
          {error('amount')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <p className="hint" id={`${id}-reason-hint`}>
            For your records and the credit note. The client's e-mail does not quote it.
          </p>
          <textarea
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
          <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary adm-btn-sm">
            Continue
          </button>
        </div>
      </form>
    );
  }

  return (
    <dialog
      ref={dialog}
      className="adm-dialog adm-pay-dialog"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      data-testid="refund-dialog"
    >
      <h2 id={`${id}-title`}>Refund {payment.customerName}</h2>
      {body}
    </dialog>
  );
}
