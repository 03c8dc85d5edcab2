import type { ThreadCall } from '../../../lib/schemas/people';
import { MoveSession } from '../clients/MoveSession';
import { JoinLink } from '../schedule/CallItem';
import { OutcomePill } from '../ui/OutcomePill';
import { Pill } from '../ui/Pill';
import { When } from '../ui/When';
import { useNow } from '../../useNow';

/** A call's or session's state in the owner's words. */
export function callStateOf(call: ThreadCall, now: number): string {
  if (call.status === 'cancelled') return call.cancelledBy === 'owner' ? 'Cancelled by you' : 'Cancelled by them';
  const outcome = call.session ? call.session.outcome : call.outcome;
  if (outcome) return outcome === 'held' ? 'Held' : 'Did not come';
  return Date.parse(call.end) < now ? 'Outcome not marked' : 'Booked';
}

/** A person's calls and sessions, newest first. */
export function ThreadCalls({ calls }: { calls: ThreadCall[] }) {
  const now = useNow();
  if (calls.length === 0) return <p className="adm-panel-note">No calls or sessions booked.</p>;
  return (
    <ul className="adm-thread-list" role="list" data-testid="thread-calls">
      {calls.map((call) => {
        const outcome = call.session ? call.session.outcome : call.outcome;
        return (
          <li key={call.id} className="adm-thread-item">
            <span className="adm-thread-what">
              {call.session ? `Session · ${call.session.packageName}` : 'Free discovery call'}
            </span>
            <span>
              <When iso={call.start} />
            </span>
            {outcome ? (
              <OutcomePill outcome={outcome} />
            ) : (
              <Pill tone={call.status === 'cancelled' ? 'neutral' : 'teal'}>{callStateOf(call, now)}</Pill>
            )}
            {call.status === 'confirmed' && !outcome && Date.parse(call.end) > now ? <JoinLink call={call} /> : null}
            {call.session && call.status === 'confirmed' && !outcome && Date.parse(call.end) > now ? (
              <MoveSession session={call} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
