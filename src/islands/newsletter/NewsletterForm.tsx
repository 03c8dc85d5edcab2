import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../lib/api-client';
import { HONEYPOT_FIELD } from '../../lib/schemas/fields';
import { toast } from '../../stores/toasts';
import './newsletter.css';
import NoticeLink from '../NoticeLink';

// Validation stays light on purpose (a built-in email check): zod is not worth
// its bytes on a form this small, and the server names a bad address anyway.
export default function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('email') as HTMLInputElement;
    if (!email.trim() || !input.checkValidity()) {
      setError('Enter a valid email address');
      input.focus();
      return;
    }
    setPending(true);
    try {
      await api.postLead('/api/newsletter', {
        email: email.trim(),
        [HONEYPOT_FIELD]: String(new FormData(form).get(HONEYPOT_FIELD) ?? ''),
      });
      setJoined(email.trim());
      setEmail('');
      toast({
        title: 'Welcome aboard!',
        description: 'You are subscribed. Look out for our next leadership insights.',
        variant: 'success',
      });
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fields.email : undefined;
      if (fieldError) setError(fieldError);
      toast({
        title: 'Subscription Failed',
        description: fieldError ?? 'Please try again later.',
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  if (joined) {
    return (
      <p className="newsletter-thanks" role="status" data-testid="newsletter-thanks">
        Thank you! <strong>{joined}</strong> is on the list. Look out for our next issue in your inbox.
      </p>
    );
  }

  return (
    <form className="newsletter-form" onSubmit={submit} noValidate data-testid="newsletter-form">
      <label htmlFor="newsletter-email" className="visually-hidden">
        Email address
      </label>
      <div className="newsletter-row">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Joining...' : 'Join Leaders'}
        </button>
      </div>
      <NoticeLink form="newsletter" />
      {error && (
        <p className="newsletter-error" id="newsletter-email-error">
          {error}
        </p>
      )}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="newsletter-website">Leave this empty</label>
        <input id="newsletter-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
    </form>
  );
}
