import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import { business, businessHoursPhrase } from '../../lib/business';
import { api, ApiError } from '../../lib/api-client';
import { findPackage, isPaidPackage } from '../../lib/packageCatalogue';
import { HONEYPOT_FIELD } from '../../lib/schemas/fields';
import { popupProblem, studentClasses } from '../../lib/schemas/packageBooking';
import type { CheckoutOrder } from '../../lib/schemas/payment';
import {
  $packageBookingCustomerState,
  $packageBookingDraft,
  clearPackageBookingDraft,
  setPackageBookingCustomerState,
  setPackageBookingField,
  type PackageBookingDraft,
} from '../../stores/packageBookingDraft';
import { toast, type ToastInput } from '../../stores/toasts';
import {
  forgetUnpaidBooking,
  rememberUnpaidBooking,
  unpaidBookingFor,
  unpaidBookingKey,
} from '../../stores/unpaidPackageBooking';
import { REDIRECT_AFTER_PAYMENT_MS, messages, rupees, thankYouUrl } from './messages';
import { loadCheckoutScript, payOrder } from './razorpay-checkout';
import StateSelect from '../StateSelect';
import WhatsappOptIn, { optInBody } from '../WhatsappOptIn';
import './package-booking.css';
import NoticeLink from '../NoticeLink';
import MinorQuestion from '../MinorQuestion';
import PaymentTerms from '../PaymentTerms';

type Phase = 'idle' | 'booking' | 'processing';

// What was typed and the booking made outlive the dialog, in src/stores (packageBookingDraft,
// unpaidPackageBooking): a visitor who cancels payment and tries again finds the form filled,
// and the booking already made is reused instead of stored twice (docs/payments.md, step 1).

interface Field {
  name: keyof PackageBookingDraft;
  label: string;
  type?: string;
  autoComplete: string;
  placeholder?: string;
  optional?: boolean;
}

const fields: Field[] = [
  { name: 'fullName', label: 'Full name', autoComplete: 'name' },
  { name: 'mobile', label: 'Mobile number', type: 'tel', autoComplete: 'tel-national', placeholder: '98765 43210' },
  {
    name: 'designation',
    label: 'Designation',
    autoComplete: 'organization-title',
    placeholder: 'e.g. Product Manager',
  },
  { name: 'company', label: 'Company / institution', autoComplete: 'organization' },
  { name: 'industry', label: 'Industry', autoComplete: 'off', placeholder: 'e.g. Technology, Pharma, Education' },
];

// A student package asks who the student is and who their parent is (docs/privacy.md, "Students
// and parents"): we call the parent, and a student under 18 waits for the parent's confirmation.
const studentFields: Field[] = [
  { name: 'fullName', label: "Student's name", autoComplete: 'off' },
  { name: 'school', label: 'School', autoComplete: 'off', placeholder: 'e.g. Kendriya Vidyalaya, Bengaluru' },
  { name: 'parentName', label: "Parent's name", autoComplete: 'name' },
  { name: 'mobile', label: "Parent's mobile", type: 'tel', autoComplete: 'tel-national', placeholder: '98765 43210' },
  { name: 'parentEmail', label: "Parent's e-mail", type: 'email', autoComplete: 'email', optional: true },
];

/** What the popup sends: only the fields its package asks. */
function bookingBody(draft: PackageBookingDraft, forStudents: boolean) {
  if (!forStudents)
    return {
      fullName: draft.fullName,
      mobile: draft.mobile,
      designation: draft.designation,
      company: draft.company,
      industry: draft.industry,
    };
  const minor = draft.minor === 'yes';
  return {
    fullName: draft.fullName,
    mobile: draft.mobile,
    studentClass: draft.studentClass,
    school: draft.school,
    minor,
    parentName: draft.parentName,
    ...(minor ? { parentPhone: draft.mobile } : {}),
    ...(draft.parentEmail.trim() ? { parentEmail: draft.parentEmail.trim() } : {}),
  };
}

interface Props {
  packageId: string;
  onClose: () => void;
}

export default function BookingDialog({ packageId, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const draft = useStore($packageBookingDraft);
  // A paid package's invoice names the buyer's state (the place of supply, docs/payments.md).
  const customerState = useStore($packageBookingCustomerState);
  const [whatsapp, setWhatsapp] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<ToastInput | null>(null);
  const [awaitingParent, setAwaitingParent] = useState<string | null>(null);
  const item = findPackage(packageId);
  const paid = item ? isPaidPackage(item) : false;
  const forStudents = item?.forStudents ?? false;
  const childFlow = forStudents && draft.minor === 'yes';

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal focuses the close button (first in order); with a mouse the form is a better start.
    // On a touch screen, focusing a field would pop the keyboard over the dialog (as Modal.tsx does).
    if (window.matchMedia('(pointer: fine)').matches) dialog.querySelector<HTMLInputElement>('#pb-fullName')?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  useEffect(() => {
    if (!item) {
      toast({ ...messages.bookingFailed, variant: 'destructive' });
      onClose();
    }
  }, [item, onClose]);

  function finish() {
    dialogRef.current?.close();
    openerRef.current?.focus();
    onClose();
  }

  function fail(message: ToastInput) {
    toast({ ...message, variant: 'destructive' });
    setProblem(message);
    setPhase('idle');
  }

  const update = (name: keyof PackageBookingDraft) => (event: { target: { value: string } }) => {
    setPackageBookingField(name, event.target.value);
    setProblem(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!item || phase !== 'idle') return;
    const invalid = popupProblem(draft, forStudents, whatsapp);
    if (invalid) return fail(invalid);
    if (paid && !childFlow && !customerState) return fail(messages.stateMissing);
    const website = String(new FormData(event.currentTarget).get(HONEYPOT_FIELD) ?? '');

    setPhase('booking');
    setProblem(null);
    const key = unpaidBookingKey(packageId, draft, whatsapp);
    let bookingId = unpaidBookingFor(key);
    if (!bookingId) {
      try {
        const answer = await api.postLead<
          { bookingType: 'discovery_call' | 'investment'; booking: { id: string } } | { status: 'awaiting-parent' }
        >('/api/bookings', {
          ...bookingBody(draft, forStudents),
          packageId,
          ...optInBody(whatsapp),
          [HONEYPOT_FIELD]: website,
        });
        if ('status' in answer) {
          // Held for the parent: nothing to pay until they confirm.
          setAwaitingParent(draft.parentName.trim());
          clearPackageBookingDraft();
          setPhase('idle');
          return;
        }
        if (answer.bookingType === 'discovery_call') {
          // Booked, nothing to pay. The fields show the store, so it is cleared as the page is
          // left rather than now: the form keeps what was sent while the thank-you page loads.
          window.addEventListener('pagehide', clearPackageBookingDraft, { once: true });
          window.location.assign('/thank-you');
          return;
        }
        bookingId = answer.booking.id;
        rememberUnpaidBooking(key, bookingId);
      } catch {
        return fail(messages.bookingFailed);
      }
    }

    setPhase('processing');
    let order: CheckoutOrder;
    try {
      order = await api.post<CheckoutOrder>('/api/create-razorpay-order', { packageId, bookingId, customerState });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) forgetUnpaidBooking();
      return fail(messages.setupFailed);
    }
    let Razorpay;
    try {
      Razorpay = await loadCheckoutScript();
    } catch {
      return fail(messages.gatewayError);
    }

    // Razorpay draws its own overlay; a modal <dialog> would sit above it and make it inert.
    dialogRef.current?.close();
    // No made-up e-mail; Checkout is prefilled with what the visitor typed here
    // (docs/decisions/0013-real-checkout-no-simulation.md).
    const prefill = { name: draft.fullName.trim(), contact: draft.mobile.replace(/\D/g, '') };
    const outcome = await payOrder(Razorpay, { ...order, prefill });
    if (outcome.kind === 'paid' || outcome.kind === 'authorised') {
      clearPackageBookingDraft();
      forgetUnpaidBooking();
      toast({
        ...(outcome.kind === 'paid' ? messages.paymentSuccessful : messages.paymentAuthorised),
        variant: 'success',
      });
      onClose();
      window.setTimeout(() => window.location.assign(thankYouUrl(outcome.receipt)), REDIRECT_AFTER_PAYMENT_MS);
      return;
    }
    if (outcome.kind === 'dismissed') {
      toast({ ...messages.cancelled, variant: 'destructive' });
      setPhase('idle');
      openerRef.current?.focus();
      onClose();
      return;
    }
    toast({ ...messages.verificationFailed, variant: 'destructive' });
    setPhase('idle');
    onClose();
  }

  if (!item) return null;
  const busy = phase !== 'idle';
  const label =
    phase === 'booking'
      ? 'Booking...'
      : phase === 'processing'
        ? 'Processing...'
        : childFlow
          ? 'Send to the parent to confirm'
          : paid
            ? `Book & pay ${rupees(item.price)}`
            : 'Book my free discovery call';
  const shownFields = forStudents ? studentFields : fields;

  return (
    <dialog
      ref={dialogRef}
      className="package-booking"
      aria-labelledby="package-booking-title"
      data-testid="package-booking"
      onClose={() => {
        if (phase === 'idle') finish();
      }}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <header className="pb-head">
        <p className="eyebrow">{paid ? 'Book your programme' : 'Priced on consultation'}</p>
        <h2 id="package-booking-title">{item.name}</h2>
        <p className="pb-audience">{item.targetAudience}</p>
        <p className="pb-price">
          {paid ? (
            <>
              <strong>{rupees(item.price)}</strong> <span>one-time fee</span>
            </>
          ) : (
            <span>We agree scope and fee on a free discovery call first. Nothing to pay today.</span>
          )}
        </p>
        <button type="button" className="pb-close" aria-label="Close" onClick={finish} disabled={busy}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {awaitingParent !== null ? (
        <div className="pb-awaiting" role="status" data-testid="awaiting-parent">
          <h3>Sent to {awaitingParent || 'the parent'} to confirm</h3>
          <p>
            Because the student is under 18, we do nothing with this request until the parent confirms it through the
            link we have just sent them. Nothing to pay now: once they confirm, we call the parent to plan the sessions.
          </p>
          <button type="button" className="btn btn-primary" onClick={finish}>
            Done
          </button>
        </div>
      ) : (
        <form className="pb-form" onSubmit={submit} noValidate>
          <div className="pb-grid">
            {shownFields.map((field) => (
              <Fragment key={field.name}>
                <div className={`field pb-${field.name}`}>
                  <label htmlFor={`pb-${field.name}`}>
                    {field.label}{' '}
                    {field.optional ? (
                      <span className="pb-optional">
                        (optional{childFlow ? ': the confirmation link goes here' : ''})
                      </span>
                    ) : (
                      <span className="required" aria-hidden="true">
                        *
                      </span>
                    )}
                  </label>
                  <input
                    id={`pb-${field.name}`}
                    name={field.name}
                    type={field.type ?? 'text'}
                    autoComplete={field.autoComplete}
                    placeholder={field.placeholder}
                    inputMode={field.type === 'tel' ? 'tel' : undefined}
                    required={!field.optional}
                    value={draft[field.name]}
                    onChange={update(field.name)}
                    disabled={busy}
                  />
                </div>
                {forStudents && field.name === 'fullName' && (
                  <div className="field pb-studentClass">
                    <label htmlFor="pb-studentClass">
                      Class{' '}
                      <span className="required" aria-hidden="true">
                        *
                      </span>
                    </label>
                    <select
                      id="pb-studentClass"
                      name="studentClass"
                      required
                      value={draft.studentClass}
                      onChange={update('studentClass')}
                      disabled={busy}
                    >
                      <option value="">Choose</option>
                      {studentClasses.map((value) => (
                        <option key={value} value={value}>
                          Class {value}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
              </Fragment>
            ))}
            {forStudents && <MinorQuestion value={draft.minor} onChange={update('minor')} disabled={busy} />}
            {paid && !childFlow && (
              <StateSelect
                id="pb-customerState"
                className="field pb-customerState"
                value={customerState}
                disabled={busy}
                onChange={(value) => {
                  setPackageBookingCustomerState(value);
                  setProblem(null);
                }}
              />
            )}
          </div>
          <WhatsappOptIn id="pb-whatsapp" checked={whatsapp} disabled={busy} onChange={setWhatsapp} />
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="pb-website">Leave this empty</label>
            <input id="pb-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </div>
          {problem && (
            <p className="pb-problem" data-testid="booking-problem">
              <strong>{problem.title}.</strong> {problem.description}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
            {label}
          </button>
          <p className="pb-fine">
            {childFlow
              ? 'The parent gets a link to confirm; we act on nothing, and write to nobody else, until they do.'
              : paid
                ? `Secure card, UPI and net-banking payment through Razorpay. We call you within ${businessHoursPhrase(business.promises.responseHours)} to schedule your first session.`
                : `We call you within ${businessHoursPhrase(business.promises.responseHours)} to set up your free discovery call.`}
          </p>
          <NoticeLink form="package" />
          {paid && !childFlow && <PaymentTerms />}
        </form>
      )}
    </dialog>
  );
}
