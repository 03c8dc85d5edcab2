import type { LeadEvent } from '../../lib/schemas/leadEvent';
import type { NotificationKind } from '../../lib/schemas/notifications';
import type { RefundNotice } from '../../lib/schemas/refund';
import { adminUrl, ownerText, telHref } from './format';
import { ownerRefundMail } from './mail/owner';
import { callbackPromise, ownerLines, ownerSubject, sourceOf } from './ownerFacts';

// The owner's webhook (NOTIFY_WEBHOOK_URL, docs/notifications.md): a Slack / Google Chat style
// body with the same facts as the owner's e-mail, its text escaped for chat.

/** A Slack / Google Chat style incoming-webhook body: `text` plus the structured facts. */
export interface WebhookBody {
  text: string;
  kind: NotificationKind;
  leadId: string;
  at: string;
  name: string | null;
  phone: string | null;
  phoneHref: string | null;
  email: string | null;
  choice: string;
  callbackPromise: string | null;
  adminUrl: string;
  source: string;
  medium: string | null;
  campaign: string | null;
}

/**
 * Text for Slack and Google Chat, which read `<…>` as mentions and links (`<!channel>`,
 * `<https://…|label>`) and `&` as the start of an escape: the three are escaped, so a
 * visitor's words show as typed and never ping or disguise a link.
 */
export function escapeChatText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The webhook's JSON about a lead or payment: the same facts as the owner's e-mail. */
export function ownerWebhook(event: LeadEvent, site: string): WebhookBody {
  const subject = ownerSubject(event);
  const { source, medium, campaign } = sourceOf(event.attribution);
  return {
    text: escapeChatText(ownerText(subject, ownerLines(event, site))),
    kind: event.kind,
    leadId: event.leadId,
    at: event.at,
    name: event.person.name,
    phone: event.person.phone,
    phoneHref: event.person.phone ? telHref(event.person.phone) : null,
    email: event.person.email,
    choice: event.choice,
    callbackPromise: callbackPromise(event),
    adminUrl: adminUrl(site),
    source,
    medium,
    campaign,
  };
}

/** A settled refund's webhook body: fewer facts than a lead's. */
export type RefundWebhookBody = Pick<WebhookBody, 'text' | 'kind' | 'leadId' | 'at' | 'name' | 'email' | 'adminUrl'>;

/** The webhook's JSON about a settled refund: the owner's mail as text, and who it was for. */
export function refundWebhook(notice: RefundNotice, site: string): RefundWebhookBody {
  return {
    text: escapeChatText(ownerRefundMail(notice, site).text),
    kind: notice.status === 'processed' ? 'refund-processed' : 'refund-failed',
    leadId: notice.entryId,
    at: notice.at,
    name: notice.person.name,
    email: notice.person.email,
    adminUrl: adminUrl(site),
  };
}

/** Every webhook body the site posts. */
export const webhook = { ownerWebhook, refundWebhook } as const;
