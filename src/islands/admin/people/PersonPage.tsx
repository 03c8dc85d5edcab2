import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { mailtoHref, telHref } from '../../../lib/admin/contactLinks';
import { leadWhatsappHref } from '../../../lib/admin/leadWhatsapp';
import { paymentStatusLabel } from '../../../lib/admin/labels';
import { formatCount, formatPaise } from '../../../lib/format';
import { viewHref } from '../adminRoute';
import { TimelineHit } from '../customers/TimelineHit';
import { PaymentRefund } from '../payments/PaymentRefund';
import { RequestPaymentButton } from '../payments/RequestPaymentButton';
import { ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { BookSession } from '../clients/BookSession';
import { ClientBriefAnswers, ClientDocumentsAdmin } from '../clients/ClientDocumentsAdmin';
import { EraseButton } from './EraseButton';
import { ThreadCalls } from './ThreadCalls';
import { ThreadConsentsAndNotes, ThreadMessages } from './ThreadMessages';
import { threadQuery } from './peopleApi';

/**
 * One person's whole thread (docs/admin.md, "People"; docs/decisions/0042-one-person-view.md):
 * everything that shares their phone number or mailbox, with the actions that apply.
 */
export function PersonPage({ q }: { q: string }) {
  const headingId = useId();
  const thread = useQuery(threadQuery(q));
  if (thread.isPending)
    return (
      <p className="adm-panel-note" aria-busy="true">
        Loading…
      </p>
    );
  if (thread.isError)
    return (
      <ErrorState
        what="this person"
        error={thread.error}
        onRetry={() => void thread.refetch()}
        retrying={thread.isFetching}
      />
    );
  const { person, records, calls, clients, payments, messages, consents, notes } = thread.data;
  const name = person.names[0] ?? person.phones[0] ?? person.emails[0] ?? q;
  const phone = records.find((record) => record.phone)?.phone ?? person.phones[0] ?? null;
  const email = person.emails[0] ?? null;
  const whatsapp = phone ? leadWhatsappHref(phone, name) : null;
  if (records.length === 0)
    return (
      <section className="adm-panel" data-testid="person-page">
        <h2>No one found</h2>
        <p className="adm-panel-note">Nothing is stored under {q}.</p>
        <a className="btn btn-outline adm-btn-sm" href={viewHref('people')}>
          Back to People
        </a>
      </section>
    );
  return (
    <article className="adm-person" aria-labelledby={headingId} data-testid="person-page">
      <header className="adm-panel adm-person-head">
        <a className="adm-back" href={viewHref('people')}>
          ← People
        </a>
        <h2 id={headingId}>{name}</h2>
        <p className="adm-person-ids">
          {[...person.phones.map((digits) => `+91 ${digits}`), ...person.emails].join(' · ')}
          {person.names.length > 1 ? ` · also as ${person.names.slice(1).join(', ')}` : ''}
        </p>
        <div className="adm-person-actions">
          {phone ? (
            <a className="btn btn-secondary adm-btn-sm" href={telHref(phone)}>
              Call
            </a>
          ) : null}
          {whatsapp ? (
            <a className="btn btn-outline adm-btn-sm" href={whatsapp} target="_blank" rel="noopener noreferrer">
              WhatsApp
            </a>
          ) : null}
          {email ? (
            <a className="btn btn-outline adm-btn-sm" href={mailtoHref(email)}>
              E-mail
            </a>
          ) : null}
          {phone ? <RequestPaymentButton customer={{ name, phone, email }} /> : null}
          <EraseButton name={name} phone={phone} email={email} />
        </div>
      </header>

      {clients.length > 0 ? (
        <section className="adm-panel" aria-label="Packages">
          <h3>Packages</h3>
          <ul className="adm-thread-list" role="list">
            {clients.map((client) => (
              <li key={client.id} className="adm-thread-item" data-testid="person-client">
                <span className="adm-thread-what">{client.packageName}</span>
                <span>
                  Used {formatCount(client.sessionsUsed)} of {formatCount(client.sessionsTotal)}
                  {client.sessionsBooked > 0 ? `, ${formatCount(client.sessionsBooked)} booked` : ''} ·{' '}
                  {formatCount(client.sessionsLeft)} left
                </span>
                {client.nextSession ? (
                  <span>
                    Next: <When iso={client.nextSession.start} />
                  </span>
                ) : null}
                {client.sessionsLeft > 0 && !client.endedAt ? (
                  <BookSession client={client} minutes={client.sessionMinutes} />
                ) : null}
                <div className="adm-client-extras">
                  <ClientBriefAnswers brief={client.brief} />
                  <ClientDocumentsAdmin clientId={client.id} name={client.name} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="adm-panel" aria-label="Calls and sessions">
        <h3>Calls and sessions</h3>
        <ThreadCalls calls={calls} />
      </section>

      {payments.length > 0 ? (
        <section className="adm-panel" aria-label="Payments">
          <h3>Payments</h3>
          <ul className="adm-thread-list" role="list">
            {payments.map((payment) => (
              <li key={payment.id} className="adm-thread-item adm-thread-payment" data-testid="person-payment">
                <span className="adm-thread-what">
                  {formatPaise(payment.amountPaise)} · {payment.packageName}
                </span>
                <span>
                  <When iso={payment.createdAt} /> · {paymentStatusLabel(payment.status)}
                </span>
                <PaymentRefund payment={payment} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="adm-panel" aria-label="Messages">
        <h3>Messages</h3>
        <ThreadMessages messages={messages} />
      </section>

      <section className="adm-panel" aria-label="Consents and notes">
        <h3>Consents and notes</h3>
        <ThreadConsentsAndNotes consents={consents} notes={notes} />
      </section>

      <section className="adm-panel" aria-label="Everything they sent">
        <h3>Everything they sent, newest first</h3>
        <ol className="adm-timeline" data-testid="person-timeline">
          {records.map((record) => (
            <TimelineHit key={`${record.type}-${record.id}`} hit={record} />
          ))}
        </ol>
      </section>
    </article>
  );
}
