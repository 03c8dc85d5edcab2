import { useState } from 'react';
import { formatPaise } from '../../../lib/format';
import type { RefundSummary } from '../../../lib/schemas/refund';
import type { PaymentRecord } from '../api';
import { Pill, type PillTone } from '../ui/Pill';
import { RefundDialog } from './RefundDialog';
import './payments.css';

const stateLabels: Record<Exclude<RefundSummary['state'], 'none'>, string> = {
  pending: 'Refund pending',
  partly: 'Partly refunded',
  full: 'Refunded',
};
const stateTones: Record<Exclude<RefundSummary['state'], 'none'>, PillTone> = {
  pending: 'amber',
  partly: 'teal',
  full: 'neutral',
};

/** A captured payment's refunds: where they stand, and Refund while anything is left. */
export function PaymentRefund({ payment }: { payment: PaymentRecord }) {
  const [open, setOpen] = useState(false);
  const refunds = payment.refunds;
  if (payment.status !== 'captured' || !refunds) return null;
  const { state, refundedPaise, pendingPaise, leftPaise } = refunds;
  const facts = [
    refundedPaise > 0 ? `${formatPaise(refundedPaise)} refunded` : null,
    pendingPaise > 0 ? `${formatPaise(pendingPaise)} pending at Razorpay` : null,
  ].filter(Boolean);
  return (
    <div className="adm-refund" data-testid="payment-refund">
      {state !== 'none' ? (
        <p className="adm-refund-state">
          <Pill tone={stateTones[state]}>{stateLabels[state]}</Pill>
          {facts.length > 0 ? <span>{facts.join(' · ')}</span> : null}
        </p>
      ) : null}
      {leftPaise > 0 ? (
        <button type="button" className="btn btn-outline adm-btn-sm adm-btn-quiet-danger" onClick={() => setOpen(true)}>
          Refund<span className="visually-hidden"> {payment.customerName}'s payment</span>
        </button>
      ) : null}
      {open ? <RefundDialog payment={payment} leftPaise={leftPaise} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
