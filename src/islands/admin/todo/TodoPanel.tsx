import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { telHref, mailtoHref } from '../../../lib/admin/contactLinks';
import { leadWhatsappHref } from '../../../lib/admin/leadWhatsapp';
import { business } from '../../../lib/business';
import { todoFactsOf } from '../../../lib/leads/kinds';
import { formatCount } from '../../../lib/format';
import { TODO_LIMIT_MAX, type TodoItem } from '../../../lib/schemas/todo';
import { toast } from '../../../stores/toasts';
import { failureMessage, isUnauthorised } from '../api';
import { Pill } from '../ui/Pill';
import { EmptyState, ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { dueLabel } from './dueLabel';
import { PrivacyDue } from '../privacy/PrivacyDue';
import { markContacted, todoQuery } from './todoApi';
import './todo.css';
import { useNow } from '../../useNow';
import { TODO_SHOWN_AT_FIRST } from '../../../lib/admin/todoView';
import { personHrefOf } from '../adminRoute';

// The owner's to-do (docs/admin.md, "To do"): every lead still waiting for the call or reply
// the site promised, due soonest first, so what is overdue is on top and marked. It asks the
// server for the rows it shows and the counts over every pending lead, so a backlog of
// thousands costs the page no more than ten.

const MORE_AT_A_TIME = 20;
const { callbackAfterCallHours, responseHours } = business.promises;

/** What the lead is, in its kind's to-do words (src/lib/leads/kinds.ts). */
export function whatItIs(item: Pick<TodoItem, 'kind' | 'promiseHours'>): string {
  const { label, callbackLabel } = todoFactsOf(item.kind);
  return callbackLabel && item.promiseHours === callbackAfterCallHours ? callbackLabel : label;
}

export function TodoPanel() {
  const headingId = useId();
  const [limit, setLimit] = useState(TODO_SHOWN_AT_FIRST);
  const todo = useQuery({ ...todoQuery(limit), placeholderData: keepPreviousData });
  const items = todo.data?.items ?? [];
  const total = todo.data?.total ?? 0;
  const overdue = todo.data?.overdue ?? 0;
  const now = useNow();

  return (
    <section className="adm-panel adm-todo" aria-labelledby={headingId} aria-busy={todo.isPending} data-testid="todo">
      <div className="adm-panel-head">
        <h2 id={headingId}>To do</h2>
        {todo.data ? <span className="adm-count">{formatCount(total)}</span> : null}
      </div>
      <p className="adm-panel-note adm-todo-note">
        People waiting for the answer the site promised them: a call back within {callbackAfterCallHours} business
        hours, a reply within {responseHours} ({business.contact.hoursShort}). One entry a person; soonest due first.
      </p>
      <dl className="adm-todo-tiles">
        <div className={`adm-tile adm-todo-tile${overdue > 0 ? ' is-overdue' : ''}`} data-testid="todo-overdue">
          <dt>Overdue</dt>
          <dd>
            {todo.data ? (
              formatCount(overdue)
            ) : (
              <span className="adm-skeleton">
                <span className="visually-hidden">Loading</span>
              </span>
            )}
          </dd>
        </div>
        <div className="adm-tile adm-todo-tile" data-testid="todo-waiting">
          <dt>Waiting</dt>
          <dd>
            {todo.data ? (
              formatCount(total)
            ) : (
              <span className="adm-skeleton">
                <span className="visually-hidden">Loading</span>
              </span>
            )}
          </dd>
        </div>
      </dl>
      <PrivacyDue />

      {todo.isError ? (
        <ErrorState
          what="the to-do"
          error={todo.error}
          onRetry={() => void todo.refetch()}
          retrying={todo.isFetching}
        />
      ) : todo.isPending ? (
        <div className="adm-loading">
          <span className="adm-skeleton adm-skeleton-row" />
          <span className="adm-skeleton adm-skeleton-row" />
        </div>
      ) : total === 0 ? (
        <EmptyState title="Nothing is waiting">
          Every lead has been contacted. New calls and messages appear here with the time they are due.
        </EmptyState>
      ) : (
        <>
          <ol className="adm-items adm-todo-items">
            {items.map((item) => (
              <li key={`${item.kind}/${item.id}`}>
                <TodoRow item={item} now={now} />
              </li>
            ))}
          </ol>
          {total > items.length ? (
            <div className="adm-list-foot">
              <p className="adm-list-count">
                Showing {formatCount(items.length)} of {formatCount(total)}
                {limit >= TODO_LIMIT_MAX ? ': the rest move up as these are contacted' : ''}
              </p>
              {limit < TODO_LIMIT_MAX ? (
                <button
                  type="button"
                  className="btn btn-outline adm-btn-sm"
                  onClick={() => setLimit((count) => Math.min(count + MORE_AT_A_TIME, TODO_LIMIT_MAX))}
                  disabled={todo.isPlaceholderData}
                >
                  {todo.isPlaceholderData ? 'Loading…' : 'Show more'}
                </button>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** What the person is waiting on: "Free discovery call + 2 Contact messages" (each kind once, counted). */
function recordsLine(item: TodoItem): string {
  const counts = new Map<string, number>();
  for (const record of item.records) counts.set(whatItIs(record), (counts.get(whatItIs(record)) ?? 0) + 1);
  return [...counts].map(([what, count]) => (count > 1 ? `${count} × ${what}` : what)).join(' + ');
}

/** Why the entry is due, in the owner's words. */
function whyDue(item: TodoItem): string {
  if (item.reason === 'call-outcome') return 'the call was at';
  return item.promiseHours === callbackAfterCallHours ? 'call back promised by' : 'reply promised by';
}

function TodoRow({ item, now }: { item: TodoItem; now: number }) {
  const headingId = useId();
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: () => markContacted(client, item),
    onSuccess: () =>
      toast({
        title: 'Marked contacted',
        description: `${item.name || 'They'} ${item.name ? 'is' : 'are'} off the to-do.`,
        variant: 'success',
      }),
    onError: (error) => {
      if (isUnauthorised(error)) return;
      toast({
        title: '❌ Update Failed',
        description: failureMessage(error, 'Could not mark this lead contacted. Please try again.'),
        variant: 'destructive',
      });
    },
  });
  const whatsapp = item.phone ? leadWhatsappHref(item.phone, item.name) : null;

  return (
    <article
      className={`adm-todo-item${item.overdue ? ' is-overdue' : ''}`}
      aria-labelledby={headingId}
      data-testid="todo-item"
      data-lead-id={item.id}
      data-overdue={item.overdue}
    >
      <div className="adm-todo-main">
        <div className="adm-row-main">
          <h3 id={headingId} className="adm-row-title">
            {personHrefOf(item) ? (
              <a href={personHrefOf(item)!} className="adm-todo-person">
                {item.name || item.phone || item.email}
              </a>
            ) : (
              item.name || item.phone || item.email
            )}
          </h3>
          <Pill tone={item.overdue ? 'red' : 'amber'}>{item.overdue ? 'Overdue' : 'Pending'}</Pill>
        </div>
        <p className="adm-todo-what">
          {recordsLine(item)} · <When iso={item.createdAt} />
          {item.stage ? <> · {item.stage}</> : null}
        </p>
        {item.callAt ? (
          <p className="adm-todo-call" data-testid="todo-call">
            Call booked for <When iso={item.callAt} />
          </p>
        ) : null}
        <p className="adm-todo-due">
          {/* The server's clock drew it first: a minute may have passed by the time it hydrates. */}
          <strong suppressHydrationWarning>{dueLabel(item.dueAt, item.overdue, now)}</strong>{' '}
          <span className="adm-todo-due-at">
            ({whyDue(item)} <When iso={item.dueAt} />)
          </span>
        </p>
      </div>
      <div className="adm-todo-actions">
        {item.phone ? (
          <a className="btn btn-outline adm-btn-sm" href={telHref(item.phone)} aria-describedby={headingId}>
            Call
          </a>
        ) : null}
        {whatsapp ? (
          <a
            className="btn btn-outline adm-btn-sm"
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={headingId}
          >
            WhatsApp
          </a>
        ) : null}
        {item.email ? (
          <a className="btn btn-outline adm-btn-sm" href={mailtoHref(item.email)} aria-describedby={headingId}>
            E-mail
          </a>
        ) : null}
        <button
          type="button"
          className="btn btn-secondary adm-btn-sm"
          onClick={() => mark.mutate()}
          disabled={mark.isPending}
          aria-describedby={headingId}
        >
          {mark.isPending ? 'Saving…' : 'Mark contacted'}
        </button>
      </div>
    </article>
  );
}
