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
