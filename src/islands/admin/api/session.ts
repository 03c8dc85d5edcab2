import { adminRequest } from './request';

export const DASHBOARD_PATH = '/admin/bookings';
export const LOGIN_PATH = '/admin/login';

/**
 * Ends this session on the server: logout revokes it, not just the cookie
 * (docs/decisions/0015-admin-sign-in-and-sessions.md).
 */
export async function signOut(): Promise<void> {
  await adminRequest('POST', '/api/admin/logout');
}

/** The login page, coming back here (and to the same tab) after signing in. */
export function loginUrl(hash = ''): string {
  const tab = /^#[a-z-]+$/.test(hash) ? hash : '';
  return `${LOGIN_PATH}?next=${DASHBOARD_PATH}${tab}`;
}
