import { useState, type SubmitEvent } from 'react';
import { api, ApiError, failureMessage } from '../../lib/api-client';
import { HONEYPOT_FIELD } from '../../lib/schemas/fields';
import './my-data.css';

// The request for a one-time link to one's data (docs/privacy.md, "Rights"). The answer is the
// same whether or not we hold anything: the page never says who is known.

export default function MyDataRequest() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const phone = String(form.get('phone') ?? '').trim();
    if (!email && !phone) {
      setErrors({ email: 'Give the e-mail or the phone number you used with us' });
      return;
    }
    setPending(true);
    setErrors({});
    try {
      const { message } = await api.post<{ message: string }>('/api/privacy/requests', {
        ...(email ? { email } : {}),
        ...(phone ? { phone } : {}),
        [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? ''),
      });
      setAnswer(message);
    } catch (failure) {
      setErrors(
        failure instanceof ApiError && Object.keys(failure.fields).length
          ? failure.fields
          : { form: failureMessage(failure, 'The request could not be sent. Please try again.') },
      );
    } finally {
      setPending(false);
    }
  }

  if (answer)
    return (
      <p className="my-data-sent" role="status" data-testid="my-data-sent">
        {answer}
      </p>
    );

  return (
    <form className="my-data-form card" onSubmit={submit} noValidate data-testid="my-data-request">
      <div className="field">
        <label htmlFor="my-data-email">E-mail</label>
        <input
          id="my-data-email"
          name="email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? 'my-data-email-error' : 'my-data-email-hint'}
        />
        <p className="hint" id="my-data-email-hint">
          The link goes to this mailbox if we hold anything under it.
        </p>
        {errors.email && (
          <p className="error" id="my-data-email-error">
            {errors.email}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="my-data-phone">Or your phone number</label>
        <input
          id="my-data-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          aria-invalid={Boolean(errors.phone)}
          aria-describedby={errors.phone ? 'my-data-phone-error' : 'my-data-phone-hint'}
        />
        <p className="hint" id="my-data-phone-hint">
          By WhatsApp if you opted in; otherwise we call you on it to check it is yours.
        </p>
        {errors.phone && (
          <p className="error" id="my-data-phone-error">
            {errors.phone}
          </p>
        )}
      </div>
      {errors.form && (
        <p className="my-data-problem" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? 'Sending...' : 'Send me the link'}
      </button>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="my-data-website">Leave this empty</label>
        <input id="my-data-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
    </form>
  );
}
