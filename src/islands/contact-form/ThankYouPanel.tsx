import { useState } from 'react';
import { business } from '../../lib/business';
import { describeSlotIst } from '../../lib/schedule/slotDays';
import type { ContactLead } from '../../lib/schemas/contact';
import { PickTime } from '../slot-picker/PickTime';
import { optInBody } from '../WhatsappOptIn';

interface Props {
  lead: ContactLead;
  /** The contact form's WhatsApp box: a time booked here is for the same visitor, with the same consent. */
  whatsappOptIn: boolean;
  onReset: () => void;
}

export function ThankYouPanel({ lead, whatsappOptIn, onReset }: Props) {
  const [bookedStart, setBookedStart] = useState<string | null>(null);
  return (
    <div className="thank-you-panel" role="status" data-testid="contact-thank-you">
      <h3>Thank you, {lead.name.split(' ')[0]}!</h3>
      <p>Your request has reached us. Here is what happens next:</p>
      <ol className="next-steps">
        <li>
          <strong>We review your details</strong> so the call starts where you are.
        </li>
        {bookedStart ? (
          <li>
            <strong>We call you on {describeSlotIst(bookedStart)}</strong>, the time you picked.
          </li>
        ) : (
          <li>
            <strong>We call you within {business.promises.responseHours} hours</strong> ({business.contact.hoursShort})
            to fix a time.
          </li>
        )}
        <li>
          <strong>Your free {business.promises.discoveryCallMinutes}-minute clarity call</strong>: your situation, the
          real problem, and a first action plan.
        </li>
      </ol>
      <div className="schedule">
        <p className="label">Prefer to pick a time yourself?</p>
        <PickTime
          bookFor={{ name: lead.name, phone: lead.phone, email: lead.email, ...optInBody(whatsappOptIn) }}
          prompt="The free times of the next two weeks, in India time; you get a calendar invite and a link to move it."
          onBooked={(appointment) => setBookedStart(appointment.start)}
        />
      </div>
      <button type="button" className="btn btn-ghost" onClick={onReset}>
        Send another request
      </button>
    </div>
  );
}
