import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { telHref, mailtoHref } from '../../../lib/admin/contactLinks';
import { leadWhatsappHref } from '../../../lib/admin/leadWhatsapp';
import { business } from '../../../lib/business';
import { formatCount } from '../../../lib/format';
import type { TodoItem } from '../../../lib/schemas/todo';
import { toast } from '../../../stores/toasts';
import { failureMessage, isUnauthorised } from '../api';
import { Pill } from '../ui/Pill';
import { EmptyState, ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { dueLabel } from './dueLabel';
import { markContacted, todoQuery } from './todoApi';
import './todo.css';

// The owner's to-do (issue 20): every lead still waiting for the call or reply the site
// promised, due soonest first, so what is overdue is on top and marked.

const SHOWN_AT_FIRST = 10;
const { callbackAfterCallHours, responseHours } = business.promises;

function whatItIs(item: TodoItem): string {
  if (item.kind === 'contact') return 'Contact message';
  return item.promiseHours === callbackAfterCallHours ? 'Free discovery call' : 'Booking';
}

export function TodoPanel() {
  const headingId = useId();
  const todo = useQuery(todoQuery());
  const [shown, setShown] = useState(SHOWN_AT_FIRST);
  const items = todo.data?.items ?? [];
  const overdue = items.filter((item) => item.overdue).length;
  const now = Date.now();

  return (
    <section className="adm-panel adm-todo" aria-labelledby={headingId} aria-busy={todo.isPending} data-testid="todo">
      <div className="adm-panel-head">
        <h2 id={headingId}>To do</h2>
        {todo.data ? <span className="adm-count">{formatCount(items.length)}</span> : null}
      </div>
      <p className="adm-panel-note adm-todo-note">
        Leads waiting for the response the site promised: a free call within {callbackAfterCallHours} business hours, everything else within {responseHours} (
        {business.contact.hoursShort}). Soonest due first.
      </p>
      <dl className="adm-todo-tiles">
        <div className={`adm-tile adm-todo-tile${overdue > 0 ? ' is-overdue' : ''}`} data-testid="todo-overdue">
          <dt>Overdue</dt>
          <dd>{todo.data ? formatCount(overdue) : <span className="adm-skeleton"><span className="visually-hidden">Loading</span></span>}</dd>
        </div>
        <div className="adm-tile adm-todo-tile" data-testid="todo-waiting">
          <dt>Waiting</dt>
          <dd>{todo.data ? formatCount(items.length) : <span className="adm-skeleton"><span className="visually-hidden">Loading</span></span>}</dd>
        </div>
      </dl>

      {todo.isError ? (
        <ErrorState what="the to-do" error={todo.error} onRetry={() => void todo.refetch()} retrying={todo.isFetching} />
      ) : todo.isPending ? (
        <div className="adm-loading">
          <span className="adm-skeleton adm-skeleton-row" />
          <span className="adm-skeleton adm-skeleton-row" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState title="Nothing is waiting">Every lead has been contacted. New calls and messages appear here with the time they are due.</EmptyState>
      ) : (
        <>
          <ol className="adm-items adm-todo-items">
            {items.slice(0, shown).map((item) => (
              <li key={`${item.kind}/${item.id}`}>
                <TodoRow item={item} now={now} />
              </li>
            ))}
          </ol>
          {items.length > shown ? (
            <div className="adm-list-foot">
              <p className="adm-list-count">
                Showing {formatCount(shown)} of {formatCount(items.length)}
              </p>
              <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => setShown((count) => count + SHOWN_AT_FIRST * 2)}>
                Show more
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function TodoRow({ item, now }: { item: TodoItem; now: number }) {
  const headingId = useId();
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: () => markContacted(client, item),
    onSuccess: () => toast({ title: 'Marked contacted', description: `${item.name || 'The lead'} is off the to-do.`, variant: 'success' }),
    onError: (error) => {
      if (isUnauthorised(error)) return;
      toast({ title: '❌ Update Failed', description: failureMessage(error, 'Could not mark this lead contacted. Please try again.'), variant: 'destructive' });
    },
  });
  const whatsapp = item.phone ? leadWhatsappHref(item.phone, item.name) : null;

  return (
    <article className={`adm-todo-item${item.overdue ? ' is-overdue' : ''}`} aria-labelledby={headingId} data-testid="todo-item" data-lead-id={item.id} data-overdue={item.overdue}>
      <div className="adm-todo-main">
        <div className="adm-row-main">
          <h3 id={headingId} className="adm-row-title">
            {item.name || item.phone || item.email}
          </h3>
          <Pill tone={item.overdue ? 'red' : 'amber'}>{item.overdue ? 'Overdue' : 'Pending'}</Pill>
        </div>
        <p className="adm-todo-what">
          {whatItIs(item)} · <When iso={item.createdAt} />
        </p>
        <p className="adm-todo-due">
          <strong>{dueLabel(item.dueAt, item.overdue, now)}</strong> <span className="adm-todo-due-at">(due <When iso={item.dueAt} />)</span>
        </p>
      </div>
      <div className="adm-todo-actions">
        {item.phone ? (
          <a className="btn btn-outline adm-btn-sm" href={telHref(item.phone)} aria-describedby={headingId}>
            Call
          </a>
        ) : null}
        {whatsapp ? (
          <a className="btn btn-outline adm-btn-sm" href={whatsapp} target="_blank" rel="noopener noreferrer" aria-describedby={headingId}>
            WhatsApp
          </a>
        ) : null}
        {item.email ? (
          <a className="btn btn-outline adm-btn-sm" href={mailtoHref(item.email)} aria-describedby={headingId}>
            E-mail
          </a>
        ) : null}
        <button type="button" className="btn btn-secondary adm-btn-sm" onClick={() => mark.mutate()} disabled={mark.isPending} aria-describedby={headingId}>
          {mark.isPending ? 'Saving…' : 'Mark contacted'}
        </button>
      </div>
    </article>
  );
}
