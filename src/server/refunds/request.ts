import { formatPaise } from '../../lib/format';
import { type RefundAnswer, type RefundEntry, paiseOf } from '../../lib/schemas/refund';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { payments } from '../leads';
import { gatewayKeys, GatewayError, TIMEOUT_MS as RAZORPAY_TIMEOUT_MS, createRazorpayRefund } from '../payments';
import { newestFirstKey } from '../storage/keys';
import { changeLedger, readLedger } from './ledger';
import { release, requested, reserve } from './ledgerMath';

const rupees = (paise: number) => paise / 100;

/**
 * A repeat of a key whose first request is still asking Razorpay waits this long for its
 * answer, well inside a function's 10 s, then says the refund is under way (409).
 */
const REPLAY_WAIT_MS = 6_000;
const REPLAY_POLL_MS = 200;
/** A hold this old with no refund id belongs to a request that died: a repeat asks Razorpay itself, under the same idempotency key. */
const TAKEOVER_MS = RAZORPAY_TIMEOUT_MS + 5_000;

const underWay = () =>
  conflict(
    'This refund is already being made. Its result shows in the payments list in a moment; nothing more was refunded.',
  );

/**
 * The owner's refund (docs/payments.md, "Refunds"). The amount is held on the payment's
 * ledger with a conditional write before Razorpay is asked, so two refunds at once never add
 * up to more than was paid; a refusal gives it back. The answer is 202 with the refund
 * pending: only Razorpay's signed refund.processed webhook marks it done.
 *
 * One Idempotency-Key is one call to Razorpay: the request that held the amount asks; a
 * repeat while it is asking waits for its answer (then 409 if none came), and a repeat after
 * it returns the same refund. Only a hold left by a request that died is asked again, under
 * the same X-Refund-Idempotency, which Razorpay answers with the refund it made, if any.
 */
export async function requestRefund(
  paymentId: string,
  input: { amount?: number | undefined; reason: string },
  idempotencyKey: string | null,
  now: Date = new Date(),
): Promise<RefundAnswer> {
  const payment = await payments.get(paymentId);
  if (!payment) throw notFound('No such payment.');
  if (payment.status !== 'captured' || !payment.razorpayPaymentId)
    throw conflict('Only a captured (paid) payment can be refunded.');
  const keys = gatewayKeys();

  // The change may run again (another writer got there first): it says what it found each time.
  const found: { entry: RefundEntry | null; failure: HttpError | null; mine: boolean } = {
    entry: null,
    failure: null,
    mine: false,
  };
  await changeLedger(payment.id, payment.amountPaise, (ledger) => {
    const held = reserve(ledger, {
      id: newestFirstKey(now.getTime()),
      idempotencyKey,
      amountPaise: input.amount === undefined ? null : paiseOf(input.amount),
      reason: input.reason,
      at: now,
    });
    found.entry = null;
    found.failure = null;
    found.mine = false;
    if (held.outcome === 'nothing-left')
      found.failure = badRequest('Nothing is left to refund on this payment.', { amount: 'Nothing is left to refund' });
    else if (held.outcome === 'over')
      found.failure = badRequest('The amount is more than is left to refund.', {
        amount: `At most ${formatPaise(held.leftPaise)} is left to refund`,
      });
    else {
      found.entry = held.entry;
      if (held.outcome === 'replay') return null;
      found.mine = true;
      return held.ledger;
    }
    return null;
  });
  if (found.failure || !found.entry) throw found.failure ?? new Error('The refund could not be held');
  let held: RefundEntry = found.entry;
  if (!found.mine && !held.refundId && now.getTime() - Date.parse(held.requestedAt) < TAKEOVER_MS)
    held = await firstAnswer(payment.id, held.id);
  if (held.refundId) return answer(held.refundId, held);

  let refund;
  try {
    refund = await createRazorpayRefund(
      keys,
      payment.razorpayPaymentId,
      {
        amount: held.amountPaise,
        speed: 'normal',
        receipt: held.id,
        // Notes let the webhook find this refund even if the answer below never arrives.
        notes: { paymentId: payment.id, refundRecordId: held.id, reason: (held.reason ?? input.reason).slice(0, 250) },
      },
      held.id,
    );
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // Razorpay's 409: a call under this key is still being processed there. The hold stays; the webhook settles it.
    if (error.status === 409) throw underWay();
    // Given back whether Razorpay refused or never answered: Razorpay itself refuses to
    // refund more than was captured, and a refund it did make arrives by webhook (its
    // notes name this record) and is recorded then.
    // A retry under the same key leaves the hold to the request that made it.
    if (found.mine) await changeLedger(payment.id, payment.amountPaise, (ledger) => release(ledger, held.id));
    console.error('[razorpay refund]', error.message);
    const refused = error.status !== undefined && error.status >= 400 && error.status < 500;
    throw new HttpError(
      502,
      refused
        ? `Razorpay refused the refund: ${error.description ?? 'no reason given'}. Nothing was refunded.`
        : 'The payment gateway is not answering right now. Nothing was refunded; please try again.',
    );
  }
  if (refund.payment_id !== payment.razorpayPaymentId || refund.amount !== held.amountPaise) {
    console.error('[razorpay refund] unexpected refund', refund.id, refund.payment_id, refund.amount, held.amountPaise);
  }
  const saved = await changeLedger(payment.id, payment.amountPaise, (ledger) => requested(ledger, held.id, refund.id));
  return answer(refund.id, saved.refunds.find((candidate) => candidate.id === held.id) ?? held);
}

/** The first request's outcome for a repeated key: its entry once Razorpay answered it; 409 while it has not, 502 when it was refused. */
async function firstAnswer(paymentId: string, entryId: string): Promise<RefundEntry> {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
    const entry = (await readLedger(paymentId))?.refunds.find((candidate) => candidate.id === entryId);
    if (!entry) throw new HttpError(502, 'Razorpay refused the refund asked for with this key. Nothing was refunded.');
    if (entry.refundId) return entry;
  }
  throw underWay();
}

function answer(refundId: string, entry: RefundEntry): RefundAnswer {
  // The 202 never says processed on its own: a webhook that came first may have.
  const status = entry.status === 'reserved' ? 'pending' : entry.status;
  return { refund: { id: refundId, amount: rupees(entry.amountPaise), status } };
}
