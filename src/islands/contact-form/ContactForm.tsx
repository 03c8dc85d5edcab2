import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client';
import { replyPromiseSentence } from '../../lib/business';
import { contactLeadSchema, whoIsThisForOptions, type ContactLead } from '../../lib/schemas/contact';
import { HONEYPOT_FIELD } from '../../lib/schemas/fields';
import { toast } from '../../stores/toasts';
import WhatsappOptIn, { optInBody } from '../WhatsappOptIn';
import { ThankYouPanel } from './ThankYouPanel';
import './contact-form.css';
import NoticeLink from '../NoticeLink';

type Draft = Record<keyof ContactLead, string>;
const empty: Draft = { name: '', email: '', phone: '', whoIsThisFor: '' };

export default function ContactForm() {
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<{ lead: ContactLead; whatsappOptIn: boolean } | null>(null);
  const [whatsapp, setWhatsapp] = useState(false);

  const update = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = contactLeadSchema.safeParse(draft);
    if (!parsed.success) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Draft] ??= issue.message;
      setErrors(next);
      return;
    }
    setPending(true);
    try {
      await api.postLead('/api/contact', {
        ...parsed.data,
        ...optInBody(whatsapp),
        [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? ''),
      });
      toast({
        title: 'Message Sent Successfully!',
        description: replyPromiseSentence,
        variant: 'success',
      });
      setSent({ lead: parsed.data, whatsappOptIn: whatsapp });
      setDraft(empty);
      setWhatsapp(false);
    } catch {
      toast({ title: 'Failed to Send Message', description: 'Please try again later.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  if (sent) return <ThankYouPanel lead={sent.lead} whatsappOptIn={sent.whatsappOptIn} onReset={() => setSent(null)} />;

  const errorId = (field: keyof Draft) => (errors[field] ? `contact-${field}-error` : undefined);
  return (
    <form className="contact-form" onSubmit={submit} noValidate data-testid="contact-form">
      <div className="field">
        <label htmlFor="contact-name">
          Full name{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="contact-name"
          name="name"
          autoComplete="name"
          required
          value={draft.name}
          onChange={update('name')}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errorId('name')}
        />
        {errors.name && (
          <p className="error" id="contact-name-error">
            {errors.name}
          </p>
        )}
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="contact-email">
            Email{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={draft.email}
            onChange={update('email')}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errorId('email')}
          />
          {errors.email && (
            <p className="error" id="contact-email-error">
              {errors.email}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="contact-phone">
            Phone{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id="contact-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            placeholder="+91 98765 43210"
            required
            value={draft.phone}
            onChange={update('phone')}
            aria-invalid={Boolean(errors.phone)}
            aria-describedby={errorId('phone')}
          />
          {errors.phone && (
            <p className="error" id="contact-phone-error">
              {errors.phone}
            </p>
          )}
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-who">
          Who is this for?{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <select
          id="contact-who"
          name="whoIsThisFor"
          required
          value={draft.whoIsThisFor}
          onChange={update('whoIsThisFor')}
          aria-invalid={Boolean(errors.whoIsThisFor)}
          aria-describedby={errorId('whoIsThisFor')}
        >
          <option value="" disabled>
            Select one
          </option>
          {whoIsThisForOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {errors.whoIsThisFor && (
          <p className="error" id="contact-whoIsThisFor-error">
            {errors.whoIsThisFor}
          </p>
        )}
      </div>
      <WhatsappOptIn id="contact-whatsapp" checked={whatsapp} onChange={setWhatsapp} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Leave this empty</label>
        <input id="contact-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? 'Booking Your Call...' : 'Book My Free Career Call'}
      </button>
      <p className="fine-print">Free, no obligation. {replyPromiseSentence}</p>
      <NoticeLink form="contact" />
    </form>
  );
}
