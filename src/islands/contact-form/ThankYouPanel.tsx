import { useMemo } from 'react';
import { business } from '../../lib/business';
import { discoveryCallSlot, googleCalendarUrl, icsContent } from '../../lib/calendar';

interface Props {
  name: string;
  onReset: () => void;
}

export function ThankYouPanel({ name, onReset }: Props) {
  const { googleUrl, icsHref } = useMemo(() => {
    const now = new Date();
    const slot = discoveryCallSlot(now);
    return {
      googleUrl: googleCalendarUrl(slot),
      icsHref: `data:text/calendar;charset=utf-8,${encodeURIComponent(icsContent(slot, now))}`,
    };
  }, []);

  return (
    <div className="thank-you-panel" role="status" data-testid="contact-thank-you">
      <h3>Thank you, {name.split(' ')[0]}!</h3>
      <p>Your request has reached us. Here is what happens next:</p>
      <ol className="next-steps">
        <li><strong>We review your details</strong> so the call starts where you are.</li>
        <li><strong>We call you within {business.promises.responseHours} hours</strong> ({business.contact.hoursShort}) to fix a time.</li>
        <li><strong>Your free {business.promises.discoveryCallMinutes}-minute clarity call</strong>: your situation, the real problem, and a first action plan.</li>
      </ol>
      <div className="schedule">
        <p className="label">Prefer to pick a time yourself?</p>
        <div className="actions">
          <a className="btn btn-secondary" href={business.contact.schedulingUrl} target="_blank" rel="noopener">Choose a slot online</a>
          <a className="btn btn-outline" href={googleUrl} target="_blank" rel="noopener" data-testid="add-to-calendar">Add to Google Calendar</a>
          <a className="btn btn-ghost" href={icsHref} download="ccc-edu-discovery-call.ics">Download .ics</a>
        </div>
        <p className="hint">The invite holds tomorrow 10:00-10:30 AM IST as a tentative slot; we confirm by phone.</p>
      </div>
      <button type="button" className="btn btn-ghost" onClick={onReset}>Send another request</button>
    </div>
  );
}
