import {
  callWhatsAppPurposeLabels,
  notificationKindLabels,
  whatsappStatusLabels,
} from '../../../lib/admin/notificationLabels';
import type { AdminAppointment } from '../../../lib/schemas/appointment';
import { notificationKinds } from '../../../lib/schemas/notifications';
import { When } from '../ui/When';

// Each WhatsApp message about a call with its last status: the owner sees who
// read the confirmation or a reminder, and which failed with Meta's error code.

const whatOf = (purpose: string | null): string => {
  const words = purpose ? callWhatsAppPurposeLabels[purpose as keyof typeof callWhatsAppPurposeLabels] : undefined;
  if (words) return words;
  return purpose && (notificationKinds as readonly string[]).includes(purpose)
    ? notificationKindLabels[purpose as keyof typeof notificationKindLabels]
    : 'Message';
};

export function CallWhatsApp({ call }: { call: AdminAppointment }) {
  const messages = call.whatsappMessages ?? [];
  if (messages.length === 0) return null;
  return (
    <ul className="adm-call-whatsapp" aria-label={`WhatsApp messages to ${call.name}`} data-testid="call-whatsapp">
      {messages.map((message, index) => (
        <li key={`${message.purpose ?? ''}-${index}`} data-status={message.status}>
          {whatOf(message.purpose)}: <strong>{whatsappStatusLabels[message.status]}</strong> <When iso={message.at} />
          {message.status === 'failed' && message.errorCode !== null ? ` (Meta error ${message.errorCode})` : null}
        </li>
      ))}
    </ul>
  );
}
