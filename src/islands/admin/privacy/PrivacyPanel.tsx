import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SubmitEvent, useId, useState } from 'react';
import { formatCount } from '../../../lib/format';
import type { AdminPrivacyRequest } from '../../../lib/schemas/privacy';
import { toast } from '../../../stores/toasts';
import { AdminApiError } from '../api/request';
import { failureMessage, isUnauthorised } from '../api';
import { Pill, type PillTone } from '../ui/Pill';
import { EmptyState, ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { eraseFor, privacyKeys, privacyQuery } from './privacyApi';
import { BreachNotice } from './BreachNotice';
import { ConfirmRow } from './ConfirmRow';
import './privacy.css';

// People's rights, the owner's side (docs/privacy.md): requests with the 90 days the law
// gives, a number to verify by phone, erasing for a request received by phone or e-mail, the
// erasure log (a year, without the data) and how many leads the retention erases next month.

const statusWords: Record<AdminPrivacyRequest['status'], [string, PillTone]> = {
  received: ['Being answered', 'amber'],
  'link-sent': ['Link sent to them', 'green'],
  'owner-to-verify': ['Call to verify', 'red'],
  'nothing-stored': ['Nothing held', 'neutral'],
  erasing: ['Erasing', 'amber'],
  erased: ['Erased', 'green'],
};
const reasonWords: Record<string, string> = {
  request: 'Their own request',
  owner: 'You, for their request',
  retention: 'Retention: no contact for too long',
  'parent-unconfirmed': 'A parent did not confirm',
};

export function PrivacyPanel() {
  const headingId = useId();
  const privacy = useQuery(privacyQuery());
  const view = privacy.data;
  const open = view?.requests.filter((request) => request.open) ?? [];

  return (
    <section className="adm-panel adm-privacy" aria-labelledby={headingId} data-testid="privacy-panel">
      <header className="adm-panel-head">
        <h2 id={headingId}>Privacy</h2>
        {view ? <span className="adm-count">{formatCount(open.length)} open</span> : null}
      </header>
      <p className="adm-panel-note">
        People see, correct and erase their own data from the link on every message. What still needs you is here:
        answer each request within 90 days.
      </p>
      {privacy.isError && !view ? (
        <ErrorState
          what="privacy requests"
          error={privacy.error}
          onRetry={() => void privacy.refetch()}
          retrying={privacy.isFetching}
        />
      ) : !view ? (
        <div className="adm-loading" aria-busy="true">
          <span className="adm-skeleton adm-skeleton-row" />
          <span className="visually-hidden">Loading privacy requests…</span>
        </div>
      ) : (
        <>
          <p className="adm-privacy-retention" data-testid="retention-next-month">
            Leads are erased {view.retention.months} months after the last contact unless they became clients:{' '}
            <strong>
              {view.retention.complete ? '' : 'at least '}
              {formatCount(view.retention.leavingNextMonth)}
            </strong>{' '}
            within the next month.
          </p>
          <h3 className="adm-privacy-title">Requests</h3>
          {view.requests.length === 0 ? (
            <EmptyState title="No requests yet">
              Requests to see or erase data show here with their deadline.
            </EmptyState>
          ) : (
            <ul className="adm-items adm-items-rows" data-testid="privacy-requests">
              {[...open, ...view.requests.filter((request) => !request.open)].slice(0, 30).map((request) => (
                <li key={request.id}>
                  <RequestRow request={request} />
                </li>
              ))}
            </ul>
          )}
          <OwnerErasure />
          <BreachNotice />
          <h3 className="adm-privacy-title">Erasure log</h3>
          {view.log.length === 0 ? (
            <p className="adm-panel-note">Nothing erased in the last year.</p>
          ) : (
            <ul className="adm-privacy-log" data-testid="erasure-log">
              {view.log.slice(0, 30).map((line) => (
                <li key={line.at}>
                  <When iso={line.at} /> · {reasonWords[line.reason] ?? line.reason} · {formatCount(line.erased)} erased
                  {line.kept ? `, ${formatCount(line.kept)} kept for the GST law` : ''}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function RequestRow({ request }: { request: AdminPrivacyRequest }) {
  const [words, tone] = statusWords[request.status];
  return (
    <article className="adm-row" data-testid="privacy-request">
      <div className="adm-row-main">
        <h4 className="adm-row-title">{request.by === 'owner' ? 'Erasure you made' : 'Request to see their data'}</h4>
        <Pill tone={tone}>{words}</Pill>
      </div>
      {request.phone ? (
        <p className="adm-row-detail">
          No e-mail and no WhatsApp consent: call{' '}
          <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`}>{request.phone}</a> to check it is theirs, then erase
          below if they ask.
        </p>
      ) : null}
      <p className="adm-row-when">
        Received <When iso={request.createdAt} />
        {request.open ? (
          <>
            {' '}
            · answer by <When iso={request.answerBy} />
          </>
        ) : null}
      </p>
    </article>
  );
}

function OwnerErasure() {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<{ phone?: string; email?: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const erase = useMutation({
    mutationFn: eraseFor,
    onSuccess: () => {
      setConfirming(null);
      toast({
        title: 'Erasing',
        description: 'Their data is erased within a minute; the log shows it.',
        variant: 'success',
      });
    },
    onError: (error) => {
      if (isUnauthorised(error)) return;
      if (error instanceof AdminApiError && Object.keys(error.fields).length) setErrors(error.fields);
      toast({ title: 'Not erased', description: failureMessage(error, 'Please try again.'), variant: 'destructive' });
    },
    onSettled: () => client.invalidateQueries({ queryKey: privacyKeys.view() }),
  });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const phone = String(form.get('phone') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    setErrors({});
    if (!phone && !email) {
      setErrors({ email: 'Give the e-mail or the phone number to erase' });
      return;
    }
    setConfirming({ ...(phone ? { phone } : {}), ...(email ? { email } : {}) });
  }

  return (
    <form className="adm-privacy-erase" onSubmit={submit} noValidate data-testid="owner-erasure">
      <h3 className="adm-privacy-title">Erase for a request by phone or e-mail</h3>
      <p className="adm-panel-note">
        Only once you know it is them. Everything under the number and mailbox is erased, except what the GST law keeps.
      </p>
      <div className="adm-privacy-fields">
        <div className="field">
          <label htmlFor="privacy-erase-phone">Phone</label>
          <input
            id="privacy-erase-phone"
            name="phone"
            type="tel"
            aria-invalid={Boolean(errors.phone)}
            aria-describedby={errors.phone ? 'privacy-erase-phone-error' : undefined}
          />
          {errors.phone ? (
            <p className="error" id="privacy-erase-phone-error">
              {errors.phone}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="privacy-erase-email">E-mail</label>
          <input
            id="privacy-erase-email"
            name="email"
            type="email"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'privacy-erase-email-error' : undefined}
          />
          {errors.email ? (
            <p className="error" id="privacy-erase-email-error">
              {errors.email}
            </p>
          ) : null}
        </div>
      </div>
      {confirming ? (
        <ConfirmRow
          label="Confirm erasure"
          question={`Erase everything under ${[confirming.phone, confirming.email].filter(Boolean).join(' and ')}? This cannot be undone.`}
          yes="Yes, erase"
          busyLabel="Erasing…"
          busy={erase.isPending}
          onYes={() => erase.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : (
        <button type="submit" className="btn btn-outline">
          Erase…
        </button>
      )}
    </form>
  );
}
