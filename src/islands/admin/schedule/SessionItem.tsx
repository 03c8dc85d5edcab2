import { useState } from 'react';
import type { Appointment } from '../../../lib/schemas/appointment';
import { outcomeLabel, SessionOutcome } from '../clients/SessionOutcome';
import { EmailLink, PhoneLink } from '../ui/Contact';
import { Pill } from '../ui/Pill';
import { istTime } from './CallItem';

/**
 * A client's paid session beside the calls (issue 29): when, who, the package, and the
 * outcome once it has started. The client moves or cancels it from their own page.
 */
export function SessionItem({ call }: { call: Appointment }) {
  const [marking, setMarking] = useState(false);
  const session = call.session!;
  const outcome = outcomeLabel(session.outcome);
  return (
    <li className="adm-call adm-call-session" data-testid="upcoming-session" data-appointment-id={call.id}>
      <div className="adm-call-main">
        <time className="adm-call-time" dateTime={call.start}>{istTime(call.start)}</time>
        <div className="adm-call-who">
          <span className="adm-call-kind">
            <Pill tone="teal">Session · {session.packageName}</Pill> {session.minutes} min
          </span>
          <strong>{call.name}</strong>
          <span>
            <PhoneLink phone={call.phone} />
            {call.email ? (
              <>
                {' · '}
                <EmailLink email={call.email} />
              </>
            ) : null}
          </span>
        </div>
        <div className="adm-call-actions">
          {outcome ? <Pill tone={session.outcome === 'held' ? 'green' : 'amber'}>{outcome}</Pill> : null}
          <button type="button" className="btn btn-outline adm-btn-sm" aria-expanded={marking} onClick={() => setMarking(!marking)}>
            Outcome<span className="visually-hidden"> of {call.name}'s session</span>
          </button>
        </div>
      </div>
      {marking ? <SessionOutcome session={call} onDone={() => setMarking(false)} /> : null}
    </li>
  );
}
