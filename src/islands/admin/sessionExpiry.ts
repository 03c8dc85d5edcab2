import { toast } from '../../stores/toasts';
import { loginUrl } from './api';

/** Long enough to read the toast before the page changes. */
export const SESSION_EXPIRED_REDIRECT_MS = 2500;

let leaving = false;

/**
 * The session ended while the owner was working (expired, signed out elsewhere, or
 * the password changed). Say so, then go to the login page, which brings the owner
 * back here; an edit in progress is kept in this tab (bookingDrafts) and reopened.
 */
export function sessionExpired(): void {
  if (leaving) return;
  leaving = true;
  toast({
    title: 'Session Expired',
    description: 'Please sign in again. Any edit you were making is kept and reopens after you sign in.',
    variant: 'destructive',
    duration: SESSION_EXPIRED_REDIRECT_MS + 1000,
  });
  window.setTimeout(() => window.location.assign(loginUrl(window.location.hash)), SESSION_EXPIRED_REDIRECT_MS);
}

/** Whether the page is already on its way to the login page (further errors say nothing). */
export const isLeaving = () => leaving;
