import { useQuery } from '@tanstack/react-query';
import { whatsappStatusLabels } from '../../../lib/admin/notificationLabels';
import type { NotificationItem } from '../../../lib/schemas/notifications';
import { recentWhatsAppQuery } from '../api/queries';
import { Pill, type PillTone } from '../ui/Pill';
import { When } from '../ui/When';

// The latest WhatsApp messages to visitors with what Meta last said of each:
// the owner sees who read, and which failed after WhatsApp took it (a number not on WhatsApp,
// with Meta's code). Shown while WhatsApp is on and once something was sent.

const tones: Record<NonNullable<NotificationItem['whatsapp']>['status'], PillTone> = {
  accepted: 'neutral',
  sent: 'neutral',
  delivered: 'teal',
  read: 'green',
  failed: 'red',
};

export function RecentWhatsApp() {
  const recent = useQuery(recentWhatsAppQuery());
  const items = recent.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="adm-recent-whatsapp" data-testid="recent-whatsapp">
      <h3 className="adm-set-aside-title">Latest WhatsApp messages to visitors</h3>
      <ul className="adm-recent-whatsapp-list">
        {items.map((item) => (
          <li key={item.id} data-status={item.whatsapp?.status ?? 'unknown'}>
            <span className="adm-recent-whatsapp-what">
              {item.subject.replace(/^WhatsApp: /, '')}
              {item.whatsapp?.to ? ` to +${item.whatsapp.to}` : ''}
            </span>
            {item.whatsapp ? (
              <span className="adm-recent-whatsapp-status">
                <Pill tone={tones[item.whatsapp.status]}>{whatsappStatusLabels[item.whatsapp.status]}</Pill>
                {item.whatsapp.status === 'failed' && item.whatsapp.errorCode !== null
                  ? ` Meta error ${item.whatsapp.errorCode} · `
                  : ' '}
                <When iso={item.whatsapp.at} />
              </span>
            ) : (
              <span className="adm-recent-whatsapp-status">No status recorded</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
