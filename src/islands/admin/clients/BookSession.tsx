import { useState } from 'react';
import type { AdminClient } from '../../../lib/schemas/client';
import { bookSessionAsOwner } from './clientsApi';
import { SessionTimeDialog } from './SessionTimeDialog';

/** The owner books one of a client's sessions for them (agreed on the phone): the client is told as when they book it. */
export function BookSession({
  client,
  minutes,
}: {
  client: Pick<AdminClient, 'id' | 'name' | 'email'>;
  minutes: number;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline adm-btn-sm adm-btn-tap"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Book a session<span className="visually-hidden"> for {client.name}</span>
      </button>
      {open ? (
        <SessionTimeDialog
          title={`Book a session for ${client.name}`}
          intro="One of the sessions their package holds, at a time they agreed: they are told, with the invite."
          name={client.name}
          email={client.email}
          minutes={minutes}
          action="Book"
          done="Booked"
          onChoose={(start) => bookSessionAsOwner(client.id, start)}
          onClose={() => setOpen(false)}
          testId="book-session-dialog"
        />
      ) : null}
    </>
  );
}
