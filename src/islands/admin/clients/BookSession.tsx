import type { AdminClient } from '../../../lib/schemas/client';
import { bookSessionAsOwner } from './clientsApi';
import { SessionTimeAction } from './SessionTimeDialog';

/** The owner books one of a client's sessions for them (agreed on the phone): the client is told as when they book it. */
export function BookSession({
  client,
  minutes,
}: {
  client: Pick<AdminClient, 'id' | 'name' | 'email'>;
  minutes: number;
}) {
  return (
    <SessionTimeAction
      label="Book a session"
      hiddenLabel={`for ${client.name}`}
      title={`Book a session for ${client.name}`}
      intro="One of the sessions their package holds, at a time they agreed: they are told, with the invite."
      name={client.name}
      email={client.email}
      minutes={minutes}
      action="Book"
      done="Booked"
      onChoose={(start) => bookSessionAsOwner(client.id, start)}
      testId="book-session-dialog"
    />
  );
}
