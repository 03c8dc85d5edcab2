import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { notificationChannelLabels, notificationKindLabels, offReason } from '../../../lib/admin/notificationLabels';
import type { NotificationItem } from '../../../lib/schemas/adminApi';
import { formatCount } from '../../../lib/format';
import { failedNotificationsQuery } from '../api/queries';
import { Pill } from '../ui/Pill';
import { ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { useResend } from './useResend';

/**
 * Owner notifications (issue 12): whether they are on, and the ones that could not be
 * delivered after a day of retries, each with a Resend button.
 */
export function NotificationsPanel() {
  const headingId = useId();
  const notifications = useQuery(failedNotificationsQuery());
  const resend = useResend();
  const data = notifications.data;
  const failed = data?.items ?? [];

  let body;
  if (notifications.isPending) {
    body = (
      <p className="adm-panel-note" aria-busy="true">
        Checking notifications…
      </p>
    );
  } else if (notifications.isError) {
    body = <ErrorState what="notifications" error={notifications.error} onRetry={() => void notifications.refetch()} retrying={notifications.isFetching} />;
  } else {
    body = (
      <>
        {data?.enabled ? null : (
          <div className="adm-notice adm-notice-off" data-testid="notifications-off">
            <p>
              <strong>Notifications are off.</strong> {offReason(data?.reason)}
            </p>
            <p>New leads are still stored and listed here; nobody is told about them by e-mail.</p>
          </div>
        )}
        {failed.length === 0 ? (
          data?.enabled ? <p className="adm-panel-note adm-all-sent">Every notification was delivered.</p> : null
        ) : (
          <ul className="adm-items adm-items-rows" data-testid="failed-notifications">
            {failed.map((item) => (
              <li key={item.id}>
                <FailedNotification item={item} sending={resend.isPending && resend.variables === item.id} onResend={() => resend.mutate(item.id)} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <section className="adm-panel adm-notifications" aria-labelledby={headingId} data-testid="notifications">
      <header className="adm-panel-head">
        <h2 id={headingId}>Notifications</h2>
        {failed.length > 0 ? <span className="adm-count adm-count-alert">{formatCount(failed.length)} failed</span> : null}
      </header>
      {body}
    </section>
  );
}

function FailedNotification({ item, sending, onResend }: { item: NotificationItem; sending: boolean; onResend: () => void }) {
  return (
    <article className="adm-row adm-failed">
      <div className="adm-row-main">
        <h3 className="adm-row-title">{item.subject}</h3>
        <Pill tone="red">Not delivered</Pill>
      </div>
      <p className="adm-row-detail">
        {notificationKindLabels[item.kind] ?? item.kind} · {notificationChannelLabels[item.channel] ?? item.channel} · {formatCount(item.attempts)}{' '}
        {item.attempts === 1 ? 'attempt' : 'attempts'}
      </p>
      {item.lastError ? <p className="adm-failed-error">Last error: {item.lastError}</p> : null}
      <div className="adm-failed-foot">
        <p className="adm-row-when">
          <When iso={item.createdAt} />
        </p>
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={onResend} disabled={sending}>
          {sending ? 'Resending…' : 'Resend'}
          <span className="visually-hidden"> {item.subject}</span>
        </button>
      </div>
    </article>
  );
}
