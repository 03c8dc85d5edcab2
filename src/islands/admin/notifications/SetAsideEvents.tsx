import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCount } from '../../../lib/format';
import type { SetAsideEvent } from '../../../lib/schemas/setAside';
import { toast } from '../../../stores/toasts';
import { adminApi, failureMessage, isUnauthorised } from '../api';
import { adminKeys, setAsideQuery } from '../api/queries';
import { Pill } from '../ui/Pill';
import { When } from '../ui/When';

/**
 * Queued work that kept failing and was set aside so the minute job goes on with everything
 * else (docs/queue.md): a lead's follow-up (counts, index, to-do, messages), a message that
 * failed for good, a call's reminder. Each with its last error and the one Retry. Shows
 * nothing while there is none.
 */
export function SetAsideEvents() {
  const events = useQuery(setAsideQuery());
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: (item: SetAsideEvent) => adminApi.followUp.retry(item.id, item.queue),
    onSuccess: () =>
      toast({ title: 'Queued again', description: 'It runs now and is retried if it fails.', variant: 'success' }),
    onError: (error) => {
      if (isUnauthorised(error)) return;
      toast({
        title: 'Retry failed',
        description: failureMessage(error, 'It could not be queued. Please try again.'),
        variant: 'destructive',
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.setAside() }),
  });
  const items = events.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="adm-set-aside" data-testid="set-aside-events">
      <h3 className="adm-set-aside-title">
        Set aside after their last try <Pill tone="red">{formatCount(items.length)}</Pill>
      </h3>
      <ul className="adm-items adm-items-rows">
        {items.map((item) => (
          <li key={`${item.queue}/${item.id}`}>
            <SetAsideRow
              item={item}
              retrying={retry.isPending && retry.variables === item}
              onRetry={() => retry.mutate(item)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The row's title: what the work was for, and whom. */
function titleOf(item: SetAsideEvent): string {
  const who = item.who ? `: ${item.who}` : '';
  if (item.queue === 'message') return `Message “${item.what}”${who}`;
  if (item.queue === 'reminder') return `The ${item.what}${who}`;
  return `Follow-up of a ${item.what.replace(/-/g, ' ')}${who}`;
}

function SetAsideRow({ item, retrying, onRetry }: { item: SetAsideEvent; retrying: boolean; onRetry: () => void }) {
  return (
    <article className="adm-row adm-undelivered" data-testid="set-aside-event">
      <div className="adm-row-main">
        <h3 className="adm-row-title">{titleOf(item)}</h3>
        <Pill tone="red">Set aside</Pill>
      </div>
      <p className="adm-row-detail">
        {item.leadId ? (
          <>
            {item.queue === 'reminder' ? 'Call' : 'Lead'} {item.leadId} ·{' '}
          </>
        ) : null}
        {formatCount(item.attempts)} tries{item.done.length ? ` · done: ${item.done.join(', ')}` : ''}
      </p>
      {item.lastError ? <p className="adm-undelivered-error">Last error: {item.lastError}</p> : null}
      <div className="adm-undelivered-foot">
        <p className="adm-row-when">{item.deadAt ? <When iso={item.deadAt} /> : null}</p>
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
          <span className="visually-hidden"> {titleOf(item)}</span>
        </button>
      </div>
    </article>
  );
}
