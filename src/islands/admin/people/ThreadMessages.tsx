import {
  messageStatusLabels,
  notificationChannelLabels,
  whatsappStatusLabels,
} from '../../../lib/admin/notificationLabels';
import type { PersonThread } from '../../../lib/schemas/people';
import { Pill } from '../ui/Pill';
import { When } from '../ui/When';

/** The messages about a person, newest first: what, to whom, where each stands. */
export function ThreadMessages({ messages }: { messages: PersonThread['messages'] }) {
  if (messages.length === 0) return <p className="adm-panel-note">No messages yet.</p>;
  return (
    <ul className="adm-thread-list" role="list" data-testid="person-messages">
      {messages.map((message) => (
        <li key={message.id} className="adm-thread-item">
          <span className="adm-thread-what">{message.subject}</span>
          <span>{notificationChannelLabels[message.channel]}</span>
          <Pill tone={message.status === 'failed' ? 'red' : message.status === 'sent' ? 'green' : 'amber'}>
            {message.whatsapp ? whatsappStatusLabels[message.whatsapp.status] : messageStatusLabels[message.status]}
          </Pill>
          <When iso={message.createdAt} />
        </li>
      ))}
    </ul>
  );
}

/** What the person agreed to, and the owner's notes on their bookings. */
export function ThreadConsentsAndNotes({ consents, notes }: Pick<PersonThread, 'consents' | 'notes'>) {
  return (
    <>
      {consents.length === 0 ? (
        <p className="adm-panel-note">No consent recorded.</p>
      ) : (
        <ul className="adm-thread-list" role="list" data-testid="person-consents">
          {consents.map((consent) => (
            <li key={`${consent.record}-${consent.purpose}`} className="adm-thread-item">
              <span className="adm-thread-what">{consent.words}</span>
              <When iso={consent.at} />
            </li>
          ))}
        </ul>
      )}
      {notes.length > 0 ? (
        <ul className="adm-thread-list" role="list" data-testid="person-notes">
          {notes.map((note) => (
            <li key={note.recordId} className="adm-thread-item">
              <span className="adm-thread-what">Your note</span>
              <span>{note.text}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
