import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../lib/api-client';
import type { CheckoutOrder } from '../../lib/schemas/payment';
import { toast } from '../../stores/toasts';
import { REDIRECT_AFTER_PAYMENT_MS, messages, rupees, thankYouUrl } from '../package-booking/messages';
import { loadCheckoutScript, payOrder } from '../package-booking/razorpay-checkout';
import StateSelect from '../StateSelect';
import WhatsappOptIn, { optInBody } from '../WhatsappOptIn';
import './checkout-panel.css';
import NoticeLink from '../NoticeLink';
import PaymentTerms from '../PaymentTerms';

interface Props {
  packageId: string;
  packageName: string;
  price: number;
}

type Details = { customerName: string; customerEmail: string; customerPhone: string; customerState: string };
const empty: Details = { customerName: '', customerEmail: '', customerPhone: '', customerState: '' };

/**
 * The checkout page's right column (docs/decisions/0013-real-checkout-no-simulation.md):
 * contact details, then the secure-payment panel with the real Razorpay flow. The server
 * prices the order and records the booking; this island only collects who is paying.
 */
export default function CheckoutPanel({ packageId, packageName, price }: Props) {
  const [details, setDetails] = useState<Details>(empty);
  const [errors, setErrors] = useState<Partial<Details>>({});
  const [order, setOrder] = useState<CheckoutOrder | null>(null);
  const [whatsapp, setWhatsapp] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'creating' | 'paying'>('idle');
  const payHeadingRef = useRef<HTMLHeadingElement>(null);

  // On a phone the payment panel appears below the package details: bring it (and focus) into view.
  useEffect(() => {
    if (!order) return;
    payHeadingRef.current?.scrollIntoView({ block: 'center' });
    payHeadingRef.current?.focus({ preventScroll: true });
  }, [order]);

  const complete = Object.values(details).every((value) => value.trim() !== '');
  const update = (field: keyof Details) => (event: { target: { value: string } }) => {
    setDetails((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function proceed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || phase !== 'idle') return;
    setPhase('creating');
    try {
      setOrder(
        await api.postLead<CheckoutOrder>('/api/create-razorpay-order', {
          packageId,
          ...details,
          ...optInBody(whatsapp),
        }),
      );
    } catch (error) {
      const known = error instanceof ApiError ? error : null;
      if (known?.fields) setErrors(known.fields as Partial<Details>);
      toast({
        title: 'Error',
        description: known?.serverMessage ?? 'Failed to initialize payment',
        variant: 'destructive',
      });
    } finally {
      setPhase('idle');
    }
  }

  async function pay() {
    if (!order || phase !== 'idle') return;
    setPhase('paying');
    try {
      const Razorpay = await loadCheckoutScript().catch(() => null);
      if (!Razorpay) {
        toast({ ...messages.gatewayError, variant: 'destructive' });
        return;
      }
      const outcome = await payOrder(Razorpay, order);
      if (outcome.kind === 'paid' || outcome.kind === 'authorised') {
        toast({
          ...(outcome.kind === 'paid' ? messages.paymentSuccessful : messages.paymentAuthorised),
          variant: 'success',
        });
        window.setTimeout(() => window.location.assign(thankYouUrl(outcome.receipt)), REDIRECT_AFTER_PAYMENT_MS);
        return;
      }
      if (outcome.kind === 'dismissed') toast({ ...messages.cancelled, variant: 'destructive' });
      else toast({ ...messages.verificationFailed, variant: 'destructive' });
    } catch (error) {
      toast({
        title: 'Payment Error',
        description: (error as Error).message || 'Failed to process payment',
        variant: 'destructive',
      });
    } finally {
      setPhase('idle');
    }
  }

  if (order) {
    return (
      <section className="card checkout-pay" aria-labelledby="checkout-pay-title" data-testid="checkout-payment">
        <p className="eyebrow">Step 2 of 2</p>
        <h2 id="checkout-pay-title" ref={payHeadingRef} tabIndex={-1}>
          Secure payment
        </h2>
        <dl className="summary">
          <div>
            <dt>Programme</dt>
            <dd>{packageName}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{order.prefill?.name ?? details.customerName}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd className="total">{rupees(order.price)}</dd>
          </div>
        </dl>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={pay}
          disabled={phase !== 'idle'}
          aria-busy={phase === 'paying'}
        >
          {phase === 'paying' ? 'Processing...' : `Pay ${rupees(order.price)}`}
        </button>
        <p className="assurance">
          <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" className="lock">
            <path
              d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v7h-9z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>{' '}
          Card, UPI and net banking through Razorpay. We never see your card details.
        </p>
      </section>
    );
  }

  const errorId = (field: keyof Details) => (errors[field] ? `checkout-${field}-error` : undefined);
  return (
    <form
      className="card checkout-form"
      onSubmit={proceed}
      noValidate
      data-testid="checkout-form"
      aria-labelledby="checkout-form-title"
    >
      <p className="eyebrow">Step 1 of 2</p>
      <h2 id="checkout-form-title">Your details</h2>
      <p className="intro">We use these to confirm your booking and schedule your first session.</p>
      {(
        [
          ['customerName', 'Full name', 'text', 'name'],
          ['customerEmail', 'Email', 'email', 'email'],
          ['customerPhone', 'Phone', 'tel', 'tel'],
        ] as const
      ).map(([field, label, type, autoComplete]) => (
        <div className="field" key={field}>
          <label htmlFor={`checkout-${field}`}>
            {label}{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`checkout-${field}`}
            name={field}
            type={type}
            autoComplete={autoComplete}
            required
            value={details[field]}
            placeholder={type === 'tel' ? '+91 98765 43210' : undefined}
            onChange={update(field)}
            aria-invalid={Boolean(errors[field])}
            aria-describedby={errorId(field)}
          />
          {errors[field] && (
            <p className="error" id={`checkout-${field}-error`}>
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      <StateSelect
        id="checkout-customerState"
        value={details.customerState}
        onChange={(value) => update('customerState')({ target: { value } })}
        error={errors.customerState}
      />
      <WhatsappOptIn id="checkout-whatsapp" checked={whatsapp} onChange={setWhatsapp} />
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={!complete || phase !== 'idle'}
        aria-busy={phase === 'creating'}
      >
        {phase === 'creating' ? 'Processing...' : 'Proceed to Payment'}
      </button>
      <p className="assurance">
        Total today: <strong>{rupees(price)}</strong>. No hidden fees.
      </p>
      <NoticeLink form="package" />
      <PaymentTerms />
    </form>
  );
}
