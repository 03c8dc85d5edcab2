import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api-client';
import { business } from '../../lib/business';
import { backgroundOptions } from '../../lib/schemas/callRequest';
import { HONEYPOT_FIELD } from '../../lib/schemas/fields';
import { closeCallModal, type CallModalContext } from '../../stores/dialogs';
import { toast } from '../../stores/toasts';
import { Modal, useCloseModal } from '../dialog/Modal';
import { PickTime } from '../slot-picker/PickTime';
import WhatsappOptIn, { optInBody } from '../WhatsappOptIn';
import './call-modal.css';
import NoticeLink from '../NoticeLink';
import MinorQuestion from '../MinorQuestion';

const { callbackAfterCallHours, discoveryCallMinutes } = business.promises;

const included = [
  'A clear read of where you stand today and what is holding you back',
  'Two or three concrete next steps you can act on this week',
  'An honest view of which path suits you, even if it is not with us',
  `Guidance from a coach with ${business.claims.yearsExperienceLabel} years of HR leadership`,
];

const paidOnly = [
  'Psychometric career assessment and detailed report',
  'Full one-to-one coaching sessions',
  'CV reviews and interview preparation',
  `Lifetime access to the ${business.partnerPlatform.name} and its webinars`,
];

const timeline = [
  { minutes: '0-3', title: 'Introduction', text: 'Who you are, where you are, and what you want from the call.' },
  { minutes: '3-7', title: 'Problem diagnosis', text: 'We find what is really blocking your next move.' },
  { minutes: '7-10', title: 'Action plan', text: 'You leave with specific next steps and a clear direction.' },
];

interface Props {
  context: CallModalContext;
}

export default function CallModalDialog({ context }: Props) {
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [heldFor, setHeldFor] = useState<string | null>(null);
  return (
    <Modal
      labelledBy="call-modal-title"
      describedBy="call-modal-intro"
      onClose={closeCallModal}
      size="lg"
      testId="call-modal"
    >
      <div className="modal-head">
        <span className="modal-eyebrow">Free · {discoveryCallMinutes} minutes · No obligation</span>
        <h2 id="call-modal-title">Book your free career clarity call</h2>
        <p id="call-modal-intro">
          Tell us who you are and we'll call you within {callbackAfterCallHours} hours for a focused{' '}
          {discoveryCallMinutes}-minute conversation about your next step.
        </p>
      </div>
      {heldFor !== null ? (
        <AwaitingParent parentName={heldFor} />
      ) : bookingId ? (
        // Booked: the whole dialog is the next step, so the time picker has room.
        <RequestReceived bookingId={bookingId} />
      ) : (
        <div className="call-grid">
          <div className="call-info">
            <section className="call-list free" aria-labelledby="call-free-title">
              <h3 id="call-free-title">What You'll Get (Free)</h3>
              <ul role="list">
                {included.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            <section className="call-list paid" aria-labelledby="call-paid-title">
              <h3 id="call-paid-title">Not Included (Paid Only)</h3>
              <ul role="list">
                {paidOnly.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            <p className="call-banner">
              <strong>Quick &amp; Valuable</strong>
              <span>{discoveryCallMinutes} minutes, focused entirely on you. No sales script, no pressure.</span>
            </p>
          </div>
          <div className="call-side">
            <CallForm context={context} onBooked={setBookingId} onHeld={setHeldFor} />
            <section className="call-timeline" aria-labelledby="call-timeline-title">
              <h3 id="call-timeline-title">Your {discoveryCallMinutes}-Minute Call Timeline</h3>
              <ol role="list">
                {timeline.map((step) => (
                  <li key={step.minutes}>
                    <span className="minutes">{step.minutes} min</span>
                    <span>
                      <strong>{step.title}</strong> {step.text}
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </div>
      )}
    </Modal>
  );
}

interface Draft {
  name: string;
  phone: string;
  background: string;
  minor: string;
  parentName: string;
  parentEmail: string;
}
const empty: Draft = { name: '', phone: '', background: '', minor: '', parentName: '', parentEmail: '' };

/** A student under 18: the request waits for the parent, who gets a link (docs/privacy.md, "Students and parents"). */
function AwaitingParent({ parentName }: { parentName: string }) {
  const close = useCloseModal();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="call-received" aria-labelledby="call-held-title" data-testid="awaiting-parent">
      <h3 id="call-held-title" ref={heading} tabIndex={-1}>
        Sent to {parentName || 'the parent'} to confirm
      </h3>
      <p>
        Because the student is under 18, we do nothing with this request until the parent confirms it through the link
        we have just sent them. Then we call the parent, never the student.
      </p>
      <button type="button" className="btn btn-ghost" onClick={close}>
        Done
      </button>
    </section>
  );
}

/** After the request: the promised call back, or a fixed time picked now (docs/scheduling.md). */
function RequestReceived({ bookingId }: { bookingId: string }) {
  const close = useCloseModal();
  const heading = useRef<HTMLHeadingElement>(null);
  // Once a time is booked the booked call speaks for itself: no promise of a callback beside it.
  const [timeBooked, setTimeBooked] = useState(false);
  // The form and its focused button are gone: keyboard and screen-reader users start here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="call-received" aria-labelledby="call-received-title" data-testid="call-received">
      <h3 id="call-received-title" ref={heading} tabIndex={-1}>
        Request received
      </h3>
      {!timeBooked && (
        <p data-testid="callback-promise">
          We'll call you within {callbackAfterCallHours} hours ({business.contact.hoursShort}).
        </p>
      )}
      <PickTime
        bookFor={{ bookingId }}
        prompt="Prefer a fixed time? Pick one of the free times now."
        onBooked={() => setTimeBooked(true)}
      />
      <button type="button" className="btn btn-ghost" onClick={close}>
        Done
      </button>
    </section>
  );
}

function CallForm({
  context,
  onBooked,
  onHeld,
}: Props & { onBooked(bookingId: string): void; onHeld(parentName: string): void }) {
  const [draft, setDraft] = useState<Draft>(empty);
  const [whatsapp, setWhatsapp] = useState(false);
  const [pending, setPending] = useState(false);

  const update = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const student = draft.background.startsWith('student-');
  const child = student && draft.minor === 'yes';

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (
      !draft.name.trim() ||
      !draft.phone.trim() ||
      !draft.background ||
      (student && !draft.minor) ||
      (child && !draft.parentName.trim())
    ) {
      toast({
        title: 'Please fill all fields',
        description: 'All fields are required to book your free call.',
        variant: 'destructive',
      });
      return;
    }
    if (child && !draft.parentEmail.trim() && !whatsapp) {
      toast({
        title: "Parent's e-mail needed",
        description: "Give the parent's e-mail, or tick WhatsApp updates, so the parent can confirm.",
        variant: 'destructive',
      });
      return;
    }
    setPending(true);
    try {
      const answer = await api.postLead<{ booking: { id: string } } | { status: 'awaiting-parent' }>('/api/book-call', {
        name: draft.name.trim(),
        phone: draft.phone.trim(),
        background: draft.background,
        ...(student ? { minor: child } : {}),
        ...(child
          ? {
              parentName: draft.parentName.trim(),
              parentPhone: draft.phone.trim(),
              ...(draft.parentEmail.trim() ? { parentEmail: draft.parentEmail.trim() } : {}),
            }
          : {}),
        source: context.source,
        ...(context.quizScore === undefined ? {} : { quizScore: context.quizScore }),
        ...optInBody(whatsapp),
        [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? ''),
      });
      if ('status' in answer) {
        onHeld(draft.parentName.trim());
        setDraft(empty);
        setWhatsapp(false);
        return;
      }
      const { booking } = answer;
      toast({
        title: 'Discovery Call Booked! 🎉',
        description: `We'll call you within ${callbackAfterCallHours} hours for your ${discoveryCallMinutes}-minute career clarity session.`,
        variant: 'success',
      });
      setDraft(empty);
      setWhatsapp(false);
      onBooked(booking.id);
    } catch {
      toast({ title: 'Failed to Book Call', description: 'Please try again later.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="call-form" onSubmit={submit} noValidate data-testid="call-form" aria-labelledby="call-form-title">
      <h3 id="call-form-title" className="visually-hidden">
        Your details
      </h3>
      <div className="field">
        <label htmlFor="call-name">
          {child ? "Student's name" : 'Full Name'}{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="call-name"
          name="name"
          autoComplete="name"
          required
          data-autofocus
          value={draft.name}
          onChange={update('name')}
        />
      </div>
      <div className="field">
        <label htmlFor="call-phone">
          {child ? "Parent's phone number" : 'Phone Number'}{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id="call-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          placeholder="+91 98765 43210"
          value={draft.phone}
          onChange={update('phone')}
        />
      </div>
      <div className="field">
        <label htmlFor="call-background">
          Current Background{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <select
          id="call-background"
          name="background"
          required
          value={draft.background}
          onChange={update('background')}
        >
          <option value="" disabled>
            Select your background
          </option>
          {backgroundOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {student && <MinorQuestion value={draft.minor} onChange={update('minor')} />}
      {child && (
        <>
          <div className="field">
            <label htmlFor="call-parent-name">
              Parent's name{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            <input
              id="call-parent-name"
              name="parentName"
              autoComplete="name"
              required
              value={draft.parentName}
              onChange={update('parentName')}
            />
          </div>
          <div className="field">
            <label htmlFor="call-parent-email">Parent's e-mail (the confirmation link goes here)</label>
            <input
              id="call-parent-email"
              name="parentEmail"
              type="email"
              autoComplete="email"
              value={draft.parentEmail}
              onChange={update('parentEmail')}
            />
            <p className="hint">Or tick WhatsApp updates below to get the link on the parent's WhatsApp.</p>
          </div>
        </>
      )}
      <WhatsappOptIn id="call-whatsapp" checked={whatsapp} onChange={setWhatsapp} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="call-website">Leave this empty</label>
        <input id="call-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      {context.quizScore !== undefined && (
        <p className="call-quiz-note">
          We'll bring your assessment score of <strong>{context.quizScore}%</strong> to the call.
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? 'Booking Your Call...' : 'Book My Free Call'}
      </button>
      <p className="call-fine">
        We call back within {callbackAfterCallHours} hours, {business.contact.hoursShort}.
      </p>
      <NoticeLink form="call" />
    </form>
  );
}
