import { leadNotificationKinds, type LeadNotificationKind } from '../../lib/leads/kinds';
import {
  queueCallNotices,
  scheduleReminders,
  countCallBooked,
  followUpOutcome,
  queueCallbackConfirmation,
} from '../appointments';
import { syncCallTodo } from '../booking';
import { syncCalendarEvent } from '../googleCalendar';
import { indexPerson } from '../indexes/search/personIndex';
import { addTodo } from '../indexes/todo/pendingIndex';
import { addToCounts } from '../indexes/stats/counterStore';
import { type Effect, storeRecord } from '../followUp/effects';
import type { FollowUpEvent } from '../followUp/events';
import { countConversion, countLeadSource } from '../sources';
import { queueLeadNotifications } from './leadNotifications';
import { refundEffects } from '../refunds';
import { ensureInvoice } from '../invoices';
import { scheduleBriefReminder, withReceiptExtras } from '../clients';
import { requestReview } from '../reviews';

// What a lead's follow-up event does (docs/decisions/0026-store-answer-follow-up.md), one
// line an effect. Each is idempotent (onlyIfNew writes, tally changes named by the event,
// index keys that are facts), so an event may be done twice; adding an effect is adding a
// line here.

const isLeadNotification = (kind: string): kind is LeadNotificationKind =>
  (leadNotificationKinds as readonly string[]).includes(kind);

/** The lead an event counts in 'Leads by source': an announced one, or one the owner added (counted, not announced). */
function countedLead(event: FollowUpEvent) {
  if (event.quietLead) return event.quietLead;
  const { lead } = event;
  return lead && isLeadNotification(lead.kind) ? { kind: lead.kind, attribution: lead.attribution, at: lead.at } : null;
}

export const leadEffects: readonly Effect[] = [
  storeRecord,
  { name: 'counts', applies: (event) => event.counts != null, run: (event) => addToCounts(event.id, event.counts!) },
  {
    name: 'person',
    applies: (event) => event.person != null,
    run: ({ person }) => indexPerson(person!.type, person!.id, person!.person),
  },
  {
    name: 'todo',
    applies: (event) => event.todo != null,
    // A free call's request may have its call booked before this runs: the to-do then
    // takes the call's start (checked after the key is written, so neither order loses it).
    run: async ({ todo, lead }) => {
      await addTodo(todo!);
      if (lead?.kind === 'discovery-call') await syncCallTodo(todo!.id);
    },
  },
  {
    name: 'lead-source',
    applies: (event) => countedLead(event) != null,
    run: (event) => {
      const { kind, attribution, at } = countedLead(event)!;
      return countLeadSource(event.id, kind, attribution, new Date(at));
    },
  },
  {
    name: 'conversion',
    applies: (event) => event.lead?.kind === 'payment-captured',
    run: (event) => countConversion(event.id, event.lead!),
  },
  // The payment's tax invoice (or plain receipt), issued once with the next serial.
  {
    name: 'invoice',
    applies: (event) => event.lead?.kind === 'payment-captured',
    run: async (event) => void (await ensureInvoice(event.lead!.leadId)),
  },
  {
    name: 'call-reminders',
    applies: (event) => event.appointment != null,
    run: async ({ appointment }) => {
      const { appointment: call } = appointment!;
      // A client's paid session answers no booking's call-back promise: only its reminders.
      await Promise.all([scheduleReminders(call), ...(call.session ? [] : [syncCallTodo(call.bookingId)])]);
    },
  },
  // A booked or moved session files its client's one brief reminder, 48 hours before (docs/client-space.md).
  {
    name: 'brief-reminder',
    applies: (event) => event.appointment?.appointment.session != null && event.appointment.change !== 'cancelled',
    run: ({ appointment }) => scheduleBriefReminder(appointment!.appointment),
  },
  // A captured payment's client is made here, whether or not the payer left an e-mail, and its link put on the receipt.
  {
    name: 'notifications',
    applies: (event) => event.lead != null,
    run: async (event) => queueLeadNotifications(await withReceiptExtras(event.lead!)),
  },
  {
    name: 'call-notices',
    applies: (event) => event.appointment != null,
    run: (event) => queueCallNotices(event.appointment!),
  },
  // The owner's Google Calendar follows every booking, move and cancel (docs/scheduling.md): retried with the event.
  {
    name: 'google-calendar',
    applies: (event) => event.appointment != null,
    run: async (event) => void (await syncCalendarEvent(event.appointment!.appointment.id)),
  },
  // A free call request's confirmation on WhatsApp: the call modal asks for no e-mail (docs/whatsapp.md).
  {
    name: 'callback-whatsapp',
    applies: (event) => event.lead?.kind === 'discovery-call',
    run: (event) => queueCallbackConfirmation(event),
  },
  // What converts per source: a booked discovery call, and the outcome the owner marks (a no-show also re-books).
  {
    name: 'call-booked-count',
    applies: (event) => event.appointment?.change === 'booked' && !event.appointment.appointment.session,
    run: (event) => countCallBooked(event.appointment!.appointment),
  },
  {
    name: 'call-outcome',
    applies: (event) => event.callOutcome != null,
    run: (event) => followUpOutcome(event.id, event.callOutcome!),
  },
  // A paid session marked held asks its client for a review, once (docs/decisions/0044-client-reviews-with-consent.md).
  {
    name: 'review-request',
    applies: (event) => event.callOutcome?.outcome === 'held' && event.callOutcome.appointment.session !== undefined,
    run: (event) => requestReview(event.id, event.callOutcome!),
  },
  ...refundEffects,
];
