import { useQuery } from '@tanstack/react-query';
import { formatCount } from '../../../lib/format';
import { formatDateTimeIST } from '../../../lib/admin/istDates';
import { googleCalendarQuery, setAsideQuery, undeliveredNotificationsQuery } from '../api/queries';
import { viewHref } from '../adminRoute';

// What is failing, first on Today (docs/admin.md, "Today"): notifications or WhatsApp off,
// messages not delivered, work set aside after its last try, Google Calendar behind. Each line leads to Settings,
// where it is fixed; nothing shows while all is well.

export function Attention() {
  const notifications = useQuery(undeliveredNotificationsQuery());
  const setAside = useQuery(setAsideQuery());
  const calendar = useQuery(googleCalendarQuery());
  const lines: string[] = [];
  const data = notifications.data;
  if (data && !data.enabled) lines.push('Notifications are off: new leads do not reach you.');
  if (data?.whatsapp && !data.whatsapp.enabled) lines.push('WhatsApp is off.');
  const failing = (data?.items ?? []).filter((item) => item.status !== 'held').length;
  if (failing > 0)
    lines.push(`${formatCount(failing)} ${failing === 1 ? 'message was' : 'messages were'} not delivered.`);
  const aside = setAside.data?.items.length ?? 0;
  if (aside > 0) lines.push(`${formatCount(aside)} ${aside === 1 ? 'job was' : 'jobs were'} set aside after failing.`);
  const behind = calendar.data?.error;
  if (behind)
    lines.push(`Google Calendar is behind: not reachable since ${formatDateTimeIST(behind.since) ?? 'recently'}.`);
  if (lines.length === 0) return null;
  return (
    <section className="adm-attention" aria-label="Needs attention" data-testid="attention">
      <ul role="list">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <a className="btn btn-outline adm-btn-sm" href={viewHref('settings')}>
        Open Settings
      </a>
    </section>
  );
}
