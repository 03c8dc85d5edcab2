import type { Appointment } from '../../../lib/schemas/appointment';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { moveSessionAsOwner } from './clientsApi';
import { SessionTimeAction } from './SessionTimeDialog';

/** What moving a session needs to know of it. */
export type MovableSession = Pick<Appointment, 'id' | 'name' | 'email' | 'start' | 'session'>;

/**
 * The owner's Move on a client's upcoming session. Unlike the client, the owner may move it
 * inside the 24 hours (docs/scheduling.md, "Paid sessions"); the free times are the client's own.
 */
export function MoveSession({ session }: { session: MovableSession }) {
  return (
    <SessionTimeAction
      label="Move"
      hiddenLabel={`${session.name}'s session`}
      title={`Move ${session.name}'s session`}
      intro={`Now on ${describeSlotIst(session.start)}. You can move it at any time, even inside 24 hours; the client is told the new time.`}
      name={session.name}
      email={session.email}
      minutes={session.session!.minutes}
      action="Move to"
      done="Moved"
      onChoose={(start) => moveSessionAsOwner(session.id, start)}
      testId="move-session-dialog"
    />
  );
}
