import { business } from '../business';
import { type LeadNotificationKind, leadAnnouncements } from './kinds';

/**
 * The response the site promised this kind of lead, in business hours
 * (docs/decisions/0030-callback-promises-in-business-hours.md), or null for none.
 */
export function leadPromiseHours(kind: LeadNotificationKind): number | null {
  const { promise } = leadAnnouncements[kind];
  if (promise === 'callback') return business.promises.callbackAfterCallHours;
  return promise === 'response' ? business.promises.responseHours : null;
}

/**
 * One promise per lead kind, in the words both sides read (docs/decisions/0030-callback-promises-in-business-hours.md):
 * what we do ("a call back", "a reply") and within how long, in business hours. Null for a kind promised nothing.
 */
export function leadPromise(kind: LeadNotificationKind): { what: string; hours: number } | null {
  const hours = leadPromiseHours(kind);
  if (hours === null) return null;
  return { what: leadAnnouncements[kind].promise === 'callback' ? 'a call back' : 'a reply', hours };
}
