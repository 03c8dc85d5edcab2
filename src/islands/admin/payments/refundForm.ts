import { formatPaise } from '../../../lib/format';
import { type RefundRequest, paiseOf, refundRequestSchema } from '../../../lib/schemas/refund';

// The refund dialog's two steps (docs/payments.md, "Refunds"), pure: what the form says is wrong before
// anything is sent, and what the confirmation says follows. The server checks everything again.

export type RefundCheck =
  | { ok: true; body: RefundRequest; amountPaise: number; full: boolean }
  | { ok: false; fields: { amount?: string; reason?: string } };

/** The form as typed, checked by the schema the server uses, and against what is left to refund. */
export function checkRefund(amountText: string, reason: string, leftPaise: number): RefundCheck {
  const fields: { amount?: string; reason?: string } = {};
  const amount = amountText.trim() === '' ? null : Number(amountText);
  const parsed = refundRequestSchema.safeParse({ amount: amount ?? Number.NaN, reason });
  if (amount === null) fields.amount = 'Type the amount, or tap Full amount.';
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const name = issue.path[0];
    if ((name === 'amount' || name === 'reason') && !fields[name]) fields[name] = issue.message;
  }
  if (!fields.amount && amount !== null && paiseOf(amount) > leftPaise)
    fields.amount = `At most ${formatPaise(leftPaise)} is left to refund.`;
  if (fields.amount || fields.reason || !parsed.success) return { ok: false, fields };
  const amountPaise = paiseOf(parsed.data.amount!);
  return { ok: true, body: parsed.data, amountPaise, full: amountPaise === leftPaise };
}

/**
 * What follows a refund, in the order it happens (src/server/refunds: the webhook and its effects).
 * Razorpay's signed refund.processed settles it; then the client is mailed when they gave an e-mail,
 * the owner always; a credit note is issued against the payment's invoice; and a refund that leaves
 * nothing of the payment ends the client's upcoming sessions.
 */
export function whatFollows(
  refund: { amountPaise: number; full: boolean },
  payment: { customerName: string; customerEmail: string | null },
): string[] {
  const amount = formatPaise(refund.amountPaise);
  return [
    `Razorpay sends ${amount} back to how ${payment.customerName} paid, usually within 5-7 working days.`,
    payment.customerEmail
      ? `Once Razorpay confirms it, ${payment.customerName} is e-mailed at ${payment.customerEmail}, and so are you.`
      : `Once Razorpay confirms it, you are e-mailed; ${payment.customerName} gave no e-mail, so tell them yourself.`,
    `A credit note for ${amount} is issued against the payment's invoice (listed under Invoices).`,
    refund.full
      ? `Nothing of the payment is left: ${payment.customerName}'s upcoming sessions are cancelled (they are told) and no session is left to book.`
      : `${payment.customerName} keeps their sessions: only a refund of all that was paid ends them.`,
    'A refund cannot be undone.',
  ];
}
