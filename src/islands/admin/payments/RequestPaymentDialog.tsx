import { type FormEvent, useId, useState } from 'react';
import { formatRupees } from '../../../lib/format';
import { DoneAction } from '../ui/DoneAction';
import type { IndianState } from '../../../lib/indianStates';
import { packageCatalogue } from '../../../lib/packageCatalogue';
import { MAX_SESSIONS } from '../../../lib/schemas/package';
import { DEFAULT_EXPIRY_DAYS, MAX_EXPIRY_DAYS, MAX_REQUEST_RUPEES } from '../../../lib/schemas/paymentRequest';
import StateSelect from '../../StateSelect';
import { formErrors } from '../ui/formErrors';
import { useModalDialog } from '../ui/useModalDialog';
import { ShareLink } from './ShareLink';
import { useCreatePaymentRequest } from './usePaymentRequests';

export interface PaymentCustomer {
  bookingId?: string;
  name: string;
  phone: string;
  email?: string | null;
  packageId?: string | null;
}

const OTHER = '';
const SHOWN_FIELDS = ['amount', 'description', 'sessions', 'expiresInDays', 'email', 'customerState'];

const packageLabel = (item: (typeof packageCatalogue)[number]) =>
  `${item.name} (${item.price > 0 ? formatRupees(item.price) : 'agreed fee'})`;

/**
 * "Request payment" (docs/payments.md, "Payment requests") in a native modal dialog: the
 * agreed amount, what it is for (a catalogue package, the two priced after consultation
 * included, or the owner's own words), the sessions it buys and how long the link stays open. The server makes the
 * Razorpay link; the dialog then shows it to copy or send on WhatsApp.
 */
export function RequestPaymentDialog({ customer, onClose }: { customer: PaymentCustomer; onClose: () => void }) {
  const dialog = useModalDialog();
  const id = useId();
  const known = packageCatalogue.find((item) => item.id === customer.packageId);
  const [packageId, setPackageId] = useState(known?.id ?? OTHER);
  const [description, setDescription] = useState(known?.name ?? '');
  const [amount, setAmount] = useState(known && known.price > 0 ? String(known.price) : '');
  // Starts at the package's own number; "Something else" starts empty (none unless typed).
  const [sessions, setSessions] = useState(known ? String(known.sessions) : '');
  const [days, setDays] = useState(String(DEFAULT_EXPIRY_DAYS));
  const [emailCustomer, setEmailCustomer] = useState(false);
  // The place of supply on the client's GST invoice; an empty choice is refused by the server, naming the field.
  const [customerState, setCustomerState] = useState('');
  const create = useCreatePaymentRequest();
  // Field errors show under their fields; anything else (no keys: 503, the gateway: 502) above the form.
  const {
    fields,
    failure,
    describedBy,
    fieldError: error,
  } = formErrors(create.error, SHOWN_FIELDS, 'The payment link could not be made. Please try again.', id);

  const choosePackage = (value: string) => {
    setPackageId(value);
    const item = packageCatalogue.find((entry) => entry.id === value);
    if (item) {
      setDescription(item.name);
      setSessions(String(item.sessions));
      if (item.price > 0) setAmount(String(item.price));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      ...(customer.bookingId ? { bookingId: customer.bookingId } : {}),
      name: customer.name,
      phone: customer.phone,
      ...(customer.email ? { email: customer.email } : {}),
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      ...(packageId ? { packageId } : {}),
      description: description.trim(),
      // Sent as typed: the server refuses anything but a whole number in bounds, naming the field.
      ...(sessions.trim() !== '' ? { sessions: Number(sessions) } : {}),
      expiresInDays: Number(days),
      emailCustomer,
      customerState: customerState as IndianState,
    });
  };

  return (
    <dialog
      ref={dialog}
      className="adm-dialog adm-pay-dialog"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      data-testid="request-payment-dialog"
    >
      <h2 id={`${id}-title`}>Request payment from {customer.name}</h2>
      {create.data ? (
        <>
          <p className="adm-pay-ready" data-testid="payment-link-ready">
            A Razorpay link for <strong>{formatRupees(create.data.amount)}</strong>
            {create.data.sessions !== null
              ? ` (${create.data.sessions} ${create.data.sessions === 1 ? 'session' : 'sessions'})`
              : ''}{' '}
            is ready. It stays open until{' '}
            {new Date(create.data.expiresAt).toLocaleDateString('en-IN', {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
            })}
            .{create.data.email && emailCustomer ? ` It is on its way to ${create.data.email}.` : ''}
          </p>
          <ShareLink request={create.data} showUrl />
          <DoneAction onDone={() => dialog.current?.close()} />
        </>
      ) : (
        <form className="adm-pay-form" onSubmit={submit} noValidate>
          {failure ? (
            <div className="adm-notice adm-notice-conflict" role="alert" data-testid="payment-request-error">
              <p>{failure}</p>
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={`${id}-package`}>What it is for</label>
            <select id={`${id}-package`} value={packageId} onChange={(event) => choosePackage(event.target.value)}>
              {packageCatalogue.map((item) => (
                <option key={item.id} value={item.id}>
                  {packageLabel(item)}
                </option>
              ))}
              <option value={OTHER}>Something else</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>Description the customer sees</label>
            <input
              id={`${id}-description`}
              type="text"
              value={description}
              maxLength={200}
              onChange={(event) => setDescription(event.target.value)}
              aria-invalid={fields.description ? true : undefined}
              aria-describedby={describedBy('description')}
            />
            {error('description')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-sessions`}>Sessions included</label>
            <p className="hint" id={`${id}-sessions-hint`}>
              How many coaching sessions the client can book once paid (0 to {MAX_SESSIONS}). Left empty: the package's
              own number, none for something else.
            </p>
            <input
              id={`${id}-sessions`}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_SESSIONS}
              step={1}
              value={sessions}
              onChange={(event) => setSessions(event.target.value)}
              aria-invalid={fields.sessions ? true : undefined}
              aria-describedby={describedBy('sessions', `${id}-sessions-hint`)}
            />
            {error('sessions')}
          </div>
          <div className="adm-pay-pair">
            <div className="field">
              <label htmlFor={`${id}-amount`}>Amount (₹, whole rupees)</label>
              <input
                id={`${id}-amount`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_REQUEST_RUPEES}
                step={1}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={fields.amount ? true : undefined}
                aria-describedby={describedBy('amount')}
                // Focus moves into an open dialog, onto its first field.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
              />
              {error('amount')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-days`}>Link open for (days)</label>
              <input
                id={`${id}-days`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_EXPIRY_DAYS}
                step={1}
                value={days}
                onChange={(event) => setDays(event.target.value)}
                aria-invalid={fields.expiresInDays ? true : undefined}
                aria-describedby={describedBy('expiresInDays')}
              />
              {error('expiresInDays')}
            </div>
          </div>
          <StateSelect
            id={`${id}-customerState`}
            label="Customer's state"
            hint="The place of supply on their GST invoice."
            hintClassName="adm-field-hint"
            value={customerState}
            onChange={setCustomerState}
            error={fields.customerState}
          />
          {customer.email ? (
            <label className="adm-pay-check">
              <input
                type="checkbox"
                checked={emailCustomer}
                onChange={(event) => setEmailCustomer(event.target.checked)}
              />{' '}
              Also e-mail the link to {customer.email}
            </label>
          ) : null}
          {error('email')}
          <div className="adm-dialog-actions">
            <button
              type="button"
              className="btn btn-outline adm-btn-sm"
              onClick={() => dialog.current?.close()}
              disabled={create.isPending}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-primary adm-btn-sm" disabled={create.isPending}>
              {create.isPending ? 'Making the link…' : 'Create payment link'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
