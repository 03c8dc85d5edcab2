import { business } from '../business';
import { type LeadNotificationKind, leadAnnouncements } from './kinds';

/** The response the site promised this kind of lead, in business hours (DECISIONS 30), or null for none. */
export function leadPromiseHours(kind: LeadNotificationKind): number | null {
  const { promise } = leadAnnouncements[kind];
  if (promise === 'callback') return business.promises.callbackAfterCallHours;
  return promise === 'response' ? business.promises.responseHours : null;
}
