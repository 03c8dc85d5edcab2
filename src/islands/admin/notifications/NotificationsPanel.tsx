import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  notificationChannelLabels,
  notificationKindLabels,
  offReason,
  whatsappOffReason,
} from '../../../lib/admin/notificationLabels';
import { type NotificationItem, isWhatsAppChannel } from '../../../lib/schemas/notifications';
import { formatCount } from '../../../lib/format';
import { undeliveredNotificationsQuery } from '../api/queries';
import { Pill } from '../ui/Pill';
import { ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { RecentWhatsApp } from './RecentWhatsApp';
import { SetAsideEvents } from './SetAsideEvents';
import { useResend } from './useResend';

/**
 * Owner notifications (docs/notifications.md): whether they are on, and every one not
 * delivered (failed after a day of retries, or being retried after a failure), each with
 * Resend, and visitor mail the cap held back
 * (docs/decisions/0034-mailbox-cap-and-passkey-safety.md), each with Send anyway; with
 * WhatsApp on, the latest WhatsApp messages to visitors with their last status.
 */
export function NotificationsPanel() {
  const headingId = useId();
  const notifications = useQuery(undeliveredNotificationsQuery());
  const resend = useResend();
  const data = notifications.data;
  const undelivered = data?.items ?? [];
  const heldCount = undelivered.filter((item) => item.status === 'held').length;
  const failingCount = undelivered.length - heldCount;

  let body;
  if (notifications.isPending) {
    body = (
      <p className="adm-panel-note adm-notifications-note" aria-busy="true">
        Checking notifications…
      </p>
    );
  } else if (notifications.isError) {
    body = (
      <ErrorState
        what="notifications"
        error={notifications.error}
        onRetry={() => void notifications.refetch()}
        retrying={notifications.isFetching}
      />
    );
  } else {
    body = (
      <>
        {data?.enabled ? null : (
          <div className="adm-notice adm-notice-off" data-testid="notifications-off">
            <p>
              <strong>Notifications are off.</strong> {offReason(data?.reason)}
            </p>
            <p>
              Set the variables named above in the site's environment and deploy again to hear about every lead within a
              minute (docs/notifications.md).
            </p>
          </div>
        )}
        {data?.whatsapp && !data.whatsapp.enabled ? (
          <div className="adm-notice adm-notice-off" data-testid="whatsapp-off">
            <p>
              <strong>WhatsApp is off.</strong> {whatsappOffReason(data.whatsapp.reason)}
            </p>
          </div>
        ) : null}
        {undelivered.length === 0 ? (
          data?.enabled ? (
            <p className="adm-panel-note adm-notifications-note" data-testid="notifications-on">
              On: new leads reach you by e-mail{data.whatsapp?.enabled ? ' and WhatsApp' : ''}, and none is failing to
              send.
            </p>
          ) : null
        ) : (
          <ul className="adm-items adm-items-rows" data-testid="undelivered-notifications">
            {undelivered.map((item) => (
              <li key={item.id}>
                <UndeliveredNotification
                  item={item}
                  canResend={Boolean(isWhatsAppChannel(item.channel) ? data?.whatsapp?.enabled : data?.enabled)}
                  sending={resend.isPending && resend.variables === item.id}
                  onResend={() => resend.mutate(item.id)}
                />
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
        {failingCount > 0 ? (
          <span className="adm-count adm-count-alert">{formatCount(failingCount)} not delivered</span>
        ) : null}
        {heldCount > 0 ? <span className="adm-count">{formatCount(heldCount)} held by the cap</span> : null}
      </header>
      {body}
      {data?.whatsapp?.enabled ? <RecentWhatsApp /> : null}
      <SetAsideEvents />
    </section>
  );
}

interface ItemProps {
  item: NotificationItem;
  /** Off: the server would refuse (nothing can be sent until the settings are back). */
  canResend: boolean;
  sending: boolean;
  onResend: () => void;
}

function UndeliveredNotification({ item, canResend, sending, onResend }: ItemProps) {
  const failed = item.status === 'failed';
  const held = item.status === 'held';
  return (
    <article className="adm-row adm-undelivered" data-testid="undelivered-notification" data-status={item.status}>
      <div className="adm-row-main">
        <h3 className="adm-row-title">{item.subject}</h3>
        {held ? (
          <Pill tone="navy">Held</Pill>
        ) : (
          <Pill tone={failed ? 'red' : 'amber'}>{failed ? 'Failed' : 'Retrying'}</Pill>
        )}
      </div>
      <p className="adm-row-detail">
        {notificationKindLabels[item.kind]} · {notificationChannelLabels[item.channel]} · {formatCount(item.attempts)}{' '}
        {item.attempts === 1 ? 'attempt' : 'attempts'}
        {!failed && !held && item.nextAttemptAt ? (
          <>
            {' '}
            · next try <When iso={item.nextAttemptAt} />
          </>
        ) : null}
      </p>
      {held ? (
        <p className="adm-row-detail" data-testid="held-reason">
          {item.lastError ?? 'Not sent: held by the visitor mail cap.'} It is never sent by itself; Send anyway sends it
          now.
        </p>
      ) : item.lastError ? (
        <p className="adm-undelivered-error">Last error: {item.lastError}</p>
      ) : null}
      <div className="adm-undelivered-foot">
        <p className="adm-row-when">
          <When iso={item.createdAt} />
        </p>
        <button
          type="button"
          className="btn btn-outline adm-btn-sm"
          onClick={onResend}
          disabled={sending || !canResend}
        >
          {sending ? (held ? 'Sending…' : 'Resending…') : held ? 'Send anyway' : 'Resend'}
          <span className="visually-hidden"> {item.subject}</span>
        </button>
      </div>
    </article>
  );
}
