import { z } from 'zod';

// What an outbox entry of a WhatsApp channel carries: which approved template and its
// parameters, or a free-form reply. The outbox validates its entries with it; the words
// are built in src/server/messages/whatsapp.ts and sent by the WhatsApp channel.

/**
 * The utility templates the site sends, by purpose, with their default names (their
 * bodies are in docs/whatsapp.md, ready to submit to Meta). Each name can be replaced by
 * `WHATSAPP_TEMPLATE_{PURPOSE}` (e.g. WHATSAPP_TEMPLATE_CALL_CONFIRMATION) when Meta
 * approved it under another name.
 */
export const defaultTemplateNames = {
  callbackConfirmation: 'ccc_callback_confirmation',
  callConfirmation: 'ccc_call_confirmation',
  callReminderDay: 'ccc_call_reminder_day',
  callReminderHour: 'ccc_call_reminder_hour',
  sessionReminderDay: 'ccc_session_reminder_day',
  sessionReminderHour: 'ccc_session_reminder_hour',
  sessionReminderDayOnline: 'ccc_session_reminder_day_online',
  sessionReminderHourOnline: 'ccc_session_reminder_hour_online',
  callRebook: 'ccc_call_rebook',
  sessionRebook: 'ccc_session_rebook',
  paymentRequest: 'ccc_payment_request',
  paymentRequestLink: 'ccc_payment_request_link',
  paymentReceipt: 'ccc_payment_receipt',
  ownerLeadAlert: 'ccc_owner_lead_alert',
  privacyLink: 'ccc_privacy_link',
  parentConsent: 'ccc_parent_consent',
  reviewRequest: 'ccc_review_request',
} as const;
export type TemplatePurpose = keyof typeof defaultTemplateNames;

const templatePurposes = Object.keys(defaultTemplateNames) as [TemplatePurpose, ...TemplatePurpose[]];

/** A template message as the outbox stores it: which template, its parameters, its buttons. */
export const whatsappTemplateMessageSchema = z.object({
  purpose: z.enum(templatePurposes),
  body: z.array(z.string()).max(10),
  quickReplies: z.array(z.string().max(256)).max(3).optional(),
  urlSuffix: z.string().max(2000).optional(),
});
export type WhatsAppMessage = z.infer<typeof whatsappTemplateMessageSchema>;

/** A free-form text (our words only): Meta takes one only within 24 hours of the visitor's last message to us. */
export const whatsappTextSchema = z.object({ text: z.string().min(1).max(4096) });

/** What an outbox entry of a WhatsApp channel sends: a template, or a free-form reply. */
export const whatsappMessageSchema = z.union([whatsappTemplateMessageSchema, whatsappTextSchema]);
