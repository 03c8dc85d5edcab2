import { useState } from 'react';
import { api, failureMessage } from '../../lib/api-client';
import { business, whatsappHref } from '../../lib/business';
import { describeSlotIst } from '../../lib/schedule/slotDays';
import { JOIN_LABEL } from '../../lib/sessionRules';
import type { Slot, SlotsAnswer } from '../../lib/schemas/appointment';
import type { ClientSession, ClientSpaceAnswer, SessionAnswer, SessionStatus } from '../../lib/schemas/client';
import { TimeChooser } from '../slot-picker/TimeChooser';
import type { BriefAnswer } from '../../lib/schemas/brief';
import type { ClientDocumentLink } from '../../lib/schemas/clientDocument';
import { BriefForm } from './BriefForm';
import { ClientDocuments } from './ClientDocuments';
import { PaymentsAndRefunds } from './PaymentsAndRefunds';
import '../slot-picker/slot-picker.css';
import './client-space.css';
import { useNow } from '../useNow';

interface Props {
  initial: ClientSpaceAnswer;
  clientId: string;
  token: string;
  /** The questions before the first session and the documents shared (docs/client-space.md), read with the page. */
  brief?: BriefAnswer;
  documents?: readonly ClientDocumentLink[];
}

/** What is open below the summary: the picker for a new session or a move, or a cancel to confirm. */
type Mode =
  | { name: 'view' }
  | { name: 'picking'; sessionId: string | null; slots: Slot[] | null }
  | { name: 'confirm-cancel'; session: ClientSession };

const statusLabels: Record<SessionStatus, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  held: 'Held',
  'no-show': 'Missed',
};
const sessionsWord = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/** The client's own page: what they bought, their sessions, booking, moving and cancelling, payments and refunds, invoices. */
export default function ClientSpace({ initial, clientId, token, brief, documents }: Props) {
  const [space, setSpace] = useState(initial);
  const [mode, setMode] = useState<Mode>({ name: 'view' });
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const query = `?token=${encodeURIComponent(token)}`;
  const base = `/api/client-space/${clientId}`;
  const { client } = space;
  const now = useNow();
  const upcoming = space.sessions.filter((session) => session.status === 'booked' && Date.parse(session.end) > now);
  const past = space.sessions.filter((session) => !upcoming.includes(session)).reverse();

  async function refresh() {
    setSpace(await api.get<ClientSpaceAnswer>(`${base}${query}`));
  }

  async function pick(sessionId: string | null) {
    setProblem(null);
    setMessage(null);
    setMode({ name: 'picking', sessionId, slots: null });
    try {
      const answer = await api.get<SlotsAnswer>(`/api/slots?days=14&kind=session&minutes=${client.sessionMinutes}`);
      setMode({ name: 'picking', sessionId, slots: answer.slots });
    } catch {
      setMode({ name: 'view' });
      setProblem('The free times could not be loaded. Please try again.');
    }
  }

  async function cancel(session: ClientSession) {
    setProblem(null);
    try {
      await api.post<SessionAnswer>(`${base}/sessions/${session.id}/cancel${query}`);
      setMode({ name: 'view' });
      setMessage(
        `Your session on ${describeSlotIst(session.start)} is cancelled; you can book it again at another time.`,
      );
      await refresh();
    } catch (error) {
      setProblem(failureMessage(error, 'The session could not be cancelled. Please try again.'));
    }
  }

  return (
    <div className="client-space" data-testid="client-space">
      <div className="client-summary">
        <p className="client-package">{client.packageName}</p>
        <p className="client-left" data-testid="sessions-left">
          {client.ended
            ? 'Your payment was refunded: no session is left to book.'
            : client.sessionsTotal === 0
              ? 'Your sessions are arranged with you on our call.'
              : `${sessionsWord(client.sessionsLeft)} left to book, of ${client.sessionsTotal}`}
        </p>
        <p className="client-what">
          {space.sessionsOnline
            ? `Each session is ${client.sessionMinutes} minutes, held online: the link to join shows with the session below.`
            : `Each session is ${client.sessionMinutes} minutes; we call you on the number you gave us.`}
        </p>
        <ul className="client-rules" role="list" data-testid="session-rules">
          {space.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        {client.sessionsLeft > 0 && mode.name !== 'picking' ? (
          <div className="client-actions">
            <button type="button" className="btn btn-primary" onClick={() => void pick(null)}>
              Book a session
            </button>
          </div>
        ) : null}
      </div>

      {message ? (
        <p className="client-message" role="status">
          {message}
        </p>
      ) : null}
      {problem ? (
        <p className="slot-problem" role="alert">
          {problem}
        </p>
      ) : null}

      {mode.name === 'picking' ? (
        mode.slots === null ? (
          <p role="status">Loading free times…</p>
        ) : (
          <div className="client-pick">
            <TimeChooser<SessionAnswer>
              slots={mode.slots}
              title={mode.sessionId ? 'Pick a new time for your session' : 'Pick a time for your session'}
              note={`${client.sessionMinutes} minutes, ${space.sessionsOnline ? 'online' : 'by phone'}.`}
              thing="session"
              action={mode.sessionId ? 'Move to' : 'Book'}
              onSlots={(slots) => setMode({ ...mode, slots })}
              onBook={(start) =>
                mode.sessionId
                  ? api.post<SessionAnswer>(`${base}/sessions/${mode.sessionId}/move${query}`, { start })
                  : api.post<SessionAnswer>(`${base}/sessions${query}`, { start })
              }
              onBooked={({ session }) => {
                setMode({ name: 'view' });
                setMessage(
                  `${mode.sessionId ? 'Moved' : 'Booked'}: your session is on ${describeSlotIst(session.start)}. An invite is on its way by e-mail.`,
                );
                void refresh().catch(() => undefined);
              }}
            />
            <button type="button" className="btn btn-ghost" onClick={() => setMode({ name: 'view' })}>
              {mode.sessionId ? 'Keep the current time' : 'Not now'}
            </button>
          </div>
        )
      ) : null}

      <section className="client-section" aria-labelledby="client-upcoming">
        <h2 id="client-upcoming">Upcoming sessions</h2>
        {upcoming.length === 0 ? (
          <p className="client-empty">No session booked yet.</p>
        ) : (
          <ul className="client-sessions" role="list">
            {upcoming.map((session) => (
              <li key={session.id} className="client-session" data-testid="upcoming-session">
                <p className="client-when">{describeSlotIst(session.start)}</p>
                {session.meetingUrl ? (
                  <p className="client-join">
                    <a className="btn btn-primary" href={session.meetingUrl} rel="noopener" target="_blank">
                      {JOIN_LABEL}
                      <span className="visually-hidden"> on {describeSlotIst(session.start)} (opens in a new tab)</span>
                    </a>
                  </p>
                ) : null}
                {session.changeable ? (
                  <div className="client-actions">
                    <button type="button" className="btn btn-secondary" onClick={() => void pick(session.id)}>
                      Move<span className="visually-hidden"> the session on {describeSlotIst(session.start)}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      onClick={() => setMode({ name: 'confirm-cancel', session })}
                    >
                      Cancel<span className="visually-hidden"> the session on {describeSlotIst(session.start)}</span>
                    </button>
                  </div>
                ) : (
                  <p className="client-late">
                    Less than {space.changeNoticeHours} hours away: to move or cancel it, call{' '}
                    <a href={business.contact.phoneHref}>{business.contact.phone}</a> or{' '}
                    <a href={whatsappHref} rel="noopener" target="_blank">
                      WhatsApp us
                    </a>
                    .
                  </p>
                )}
                {mode.name === 'confirm-cancel' && mode.session.id === session.id ? (
                  <div className="client-confirm" role="group" aria-labelledby={`cancel-${session.id}`}>
                    <p id={`cancel-${session.id}`}>
                      Cancel your session on {describeSlotIst(session.start)}? It goes back to the sessions you can
                      book.
                    </p>
                    <div className="client-actions">
                      <button type="button" className="btn btn-primary" onClick={() => void cancel(session)}>
                        Yes, cancel it
                      </button>
                      <button type="button" className="btn btn-ghost" onClick={() => setMode({ name: 'view' })}>
                        Keep it
                      </button>
                    </div>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {brief ? (
        <section className="client-section" aria-labelledby="client-brief">
          <h2 id="client-brief">Before your first session</h2>
          <BriefForm initial={brief} url={`${base}/brief${query}`} />
        </section>
      ) : null}

      {documents ? <ClientDocuments documents={documents} /> : null}

      {past.length > 0 ? (
        <section className="client-section" aria-labelledby="client-past">
          <h2 id="client-past">Past and cancelled</h2>
          <ul className="client-sessions" role="list">
            {past.map((session) => (
              <li key={session.id} className={`client-session is-${session.status}`}>
                <p className="client-when">{describeSlotIst(session.start)}</p>
                <p className="client-status">{statusLabels[session.status]}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <PaymentsAndRefunds money={space.money} />

      <section className="client-section" aria-labelledby="client-invoices">
        <h2 id="client-invoices">Invoices</h2>
        {space.invoices.length === 0 ? (
          <p className="client-empty">Your invoice will be listed here to download.</p>
        ) : (
          <ul className="client-invoices" role="list">
            {space.invoices.map((invoice) => (
              <li key={invoice.id}>
                <a href={invoice.url} download>
                  {invoice.label}
                </a>{' '}
                <span className="client-status">{invoice.date}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
