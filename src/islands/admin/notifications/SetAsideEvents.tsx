import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCount } from '../../../lib/format';
import type { SetAsideEvent } from '../../../lib/schemas/setAside';
import { toast } from '../../../stores/toasts';
import { adminApi, failureMessage, isUnauthorised } from '../api';
import { adminKeys, setAsideQuery } from '../api/queries';
import { Pill } from '../ui/Pill';
import { When } from '../ui/When';

/**
 * Follow-up work that kept failing (a lead's counts, index, to-do or messages) and was set
 * aside so the minute job goes on with everything else
 * (docs/decisions/0033-bounded-keys-and-dead-letters.md): each with its last error and a
 * Retry. Shows nothing while there is none.
 */
export function SetAsideEvents() {
  const events = useQuery(setAsideQuery());
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: (id: string) => adminApi.followUp.retry(id),
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
        Set aside after {formatCount(items[0]!.attempts)} tries <Pill tone="red">{formatCount(items.length)}</Pill>
      </h3>
      <ul className="adm-items adm-items-rows">
        {items.map((item) => (
          <li key={item.id}>
            <SetAsideRow
              item={item}
              retrying={retry.isPending && retry.variables === item.id}
              onRetry={() => retry.mutate(item.id)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function SetAsideRow({ item, retrying, onRetry }: { item: SetAsideEvent; retrying: boolean; onRetry: () => void }) {
  return (
    <article className="adm-row adm-undelivered" data-testid="set-aside-event">
      <div className="adm-row-main">
        <h3 className="adm-row-title">
          Follow-up of a {item.what.replace(/-/g, ' ')}
          {item.who ? `: ${item.who}` : ''}
        </h3>
        <Pill tone="red">Set aside</Pill>
      </div>
      <p className="adm-row-detail">
        {item.leadId ? <>Lead {item.leadId} · </> : null}
        {formatCount(item.attempts)} tries{item.done.length ? ` · done: ${item.done.join(', ')}` : ''}
      </p>
      {item.lastError ? <p className="adm-undelivered-error">Last error: {item.lastError}</p> : null}
      <div className="adm-undelivered-foot">
        <p className="adm-row-when">{item.deadAt ? <When iso={item.deadAt} /> : null}</p>
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
          <span className="visually-hidden"> the follow-up of lead {item.leadId ?? item.id}</span>
        </button>
      </div>
    </article>
  );
}
