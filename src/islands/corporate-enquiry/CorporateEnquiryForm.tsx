import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { business } from '../../lib/business';
import { formatCount } from '../../lib/format';
import {
  CORPORATE_MESSAGE_MAX,
  corporateEnquiryFormSchema,
  employeeBandOptions,
} from '../../lib/schemas/corporateEnquiry';
import { HONEYPOT_FIELD } from '../../lib/schemas/fields';
import { toast } from '../../stores/toasts';
import WhatsappOptIn, { optInBody } from '../WhatsappOptIn';
import { EnquiryThanks } from './EnquiryThanks';
import {
  type EnquiryErrors,
  type EnquiryField,
  errorsFromIssues,
  errorsFromServer,
  failureDescription,
  firstInvalid,
} from './enquiryErrors';
import './corporate-enquiry.css';
import NoticeLink from '../NoticeLink';

type Draft = Record<EnquiryField, string>;
const empty: Draft = { name: '', email: '', phone: '', company: '', employees: '', role: '', message: '' };
const idOf = (field: EnquiryField) => `enquiry-${field}`;

/** The corporate page's "Schedule Corporate Consultation": an HR leader's enquiry, POST /api/corporate-enquiries. */
export default function CorporateEnquiryForm() {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<EnquiryErrors>({});
  // Set on a failed submit; focus moves once the errors are on the page, so a screen reader
  // reads the field with its error (aria-describedby). A fresh object each time, so the
  // same field is focused again on the next failed submit.
  const [focusTarget, setFocusTarget] = useState<{ field: EnquiryField } | null>(null);
  const [pending, setPending] = useState(false);
  const [whatsapp, setWhatsapp] = useState(false);
  const [sentBy, setSentBy] = useState<string | null>(null);

  useEffect(() => {
    if (focusTarget) form.current?.querySelector<HTMLElement>(`#${idOf(focusTarget.field)}`)?.focus();
  }, [focusTarget]);

  const showErrors = (next: EnquiryErrors) => {
    setErrors(next);
    const field = firstInvalid(next);
    if (field) setFocusTarget({ field });
  };

  const update = (field: EnquiryField) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    void send(draft, String(new FormData(event.currentTarget).get(HONEYPOT_FIELD) ?? ''));
  }

  async function send(values: Draft, honeypot: string) {
    // An empty message is no message: the field is optional.
    const parsed = corporateEnquiryFormSchema.safeParse({
      ...values,
      message: values.message.trim() ? values.message : undefined,
    });
    if (!parsed.success) {
      showErrors(errorsFromIssues(parsed.error.issues));
      return;
    }
    setPending(true);
    try {
      await api.postLead<{ id: string }>('/api/corporate-enquiries', {
        ...parsed.data,
        ...optInBody(whatsapp),
        [HONEYPOT_FIELD]: honeypot,
      });
      toast({
        title: 'Enquiry Sent Successfully!',
        description: `We'll reply within ${business.promises.responseHours} business hours.`,
        variant: 'success',
      });
      setSentBy(parsed.data.name);
      setDraft(empty);
      setWhatsapp(false);
      setErrors({});
    } catch (error) {
      const fromServer = errorsFromServer(error);
      if (firstInvalid(fromServer)) showErrors(fromServer);
      else toast({ title: 'Failed to Send Enquiry', description: failureDescription(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  if (sentBy) return <EnquiryThanks name={sentBy} onReset={() => setSentBy(null)} />;

  const messageLength = draft.message.trim().length;
  const describedBy = (field: EnquiryField, ...more: string[]) =>
    [errors[field] ? `${idOf(field)}-error` : '', ...more].filter(Boolean).join(' ') || undefined;
  const control = (field: EnquiryField) => ({
    id: idOf(field),
    name: field,
    value: draft[field],
    onChange: update(field),
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': describedBy(field),
  });
  const error = (field: EnquiryField) =>
    errors[field] ? (
      <p className="error" id={`${idOf(field)}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const required = (
    <span className="required" aria-hidden="true">
      *
    </span>
  );

  return (
    <form
      ref={form}
      className="enquiry-form"
      onSubmit={submit}
      noValidate
      aria-busy={pending}
      data-testid="corporate-enquiry-form"
    >
      <div className="enquiry-grid">
        <div className="field">
          <label htmlFor={idOf('name')}>Name {required}</label>
          <input {...control('name')} autoComplete="name" required />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor={idOf('email')}>Work e-mail {required}</label>
          <input {...control('email')} type="email" autoComplete="email" placeholder="you@company.com" required />
          {error('email')}
        </div>
        <div className="field">
          <label htmlFor={idOf('phone')}>Phone {required}</label>
          <input
            {...control('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+91 98765 43210"
            required
          />
          {error('phone')}
        </div>
        <div className="field">
          <label htmlFor={idOf('company')}>Company {required}</label>
          <input {...control('company')} autoComplete="organization" required />
          {error('company')}
        </div>
        <div className="field">
          <label htmlFor={idOf('employees')}>Employees {required}</label>
          <select {...control('employees')} required>
            <option value="" disabled>
              Select a range
            </option>
            {employeeBandOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {error('employees')}
        </div>
        <div className="field">
          <label htmlFor={idOf('role')}>Your role {required}</label>
          <input {...control('role')} autoComplete="organization-title" placeholder="e.g. CHRO, Head of HR" required />
          {error('role')}
        </div>
        <div className="field enquiry-wide">
          <label htmlFor={idOf('message')}>
            Message <span className="enquiry-optional">(optional)</span>
          </label>
          <textarea
            {...control('message')}
            aria-describedby={describedBy('message', 'enquiry-message-count')}
            rows={4}
            placeholder="Sites, locations, or what you would like the programme to achieve"
          />
          <p
            id="enquiry-message-count"
            className={`enquiry-count${messageLength > CORPORATE_MESSAGE_MAX ? ' is-over' : ''}`}
          >
            {formatCount(messageLength)} / {formatCount(CORPORATE_MESSAGE_MAX)} characters
          </p>
          {error('message')}
        </div>
      </div>
      <WhatsappOptIn id="enquiry-whatsapp" checked={whatsapp} onChange={setWhatsapp} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="enquiry-website">Leave this empty</label>
        <input id="enquiry-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? 'Sending Your Enquiry...' : 'Schedule a Consultation'}
      </button>
      <p className="enquiry-fine-print">
        For employers with {business.corporate.minEmployees} employees. We reply within{' '}
        {business.promises.responseHours} business hours, {business.contact.hoursShort}.
      </p>
      <NoticeLink form="corporate" />
    </form>
  );
}
