import { hkdfSync } from 'node:crypto';
import { env, isLocalServer } from '../env';
import { serviceUnavailable } from '../http/errors';
import { LOCAL_SESSION_SECRET, MIN_SECRET_LENGTH } from './settings';

// Keys the server derives from SESSION_SECRET for a purpose of its own (HKDF-SHA256; docs/scheduling.md):
// one secret to set, and a key for one purpose opens nothing else. Unlike the session key
// (token.ts), these do not depend on ADMIN_PASSWORD: a new password must not lose what they
// protect (the Google Calendar's refresh token, docs/scheduling.md). Changing SESSION_SECRET
// does: the calendar is then connected again.

/** What a derived key is for: each purpose its own key. */
export type KeyPurpose = 'google-token-box' | 'google-oauth-state';

/**
 * The 32-byte key for `purpose`. Outside the local server SESSION_SECRET is required (fail
 * closed); work without a request (the minute job, a visitor's slots) uses this too, so it
 * does not ask whether a request is local as the admin's sign-in does.
 */
export function derivedKey(purpose: KeyPurpose): Buffer {
  const secret = env('SESSION_SECRET') ?? (isLocalServer() ? LOCAL_SESSION_SECRET : undefined);
  if (!secret || secret.length < MIN_SECRET_LENGTH)
    throw serviceUnavailable(
      `Set SESSION_SECRET (at least ${MIN_SECRET_LENGTH} random characters) in the site's environment variables.`,
    );
  return Buffer.from(hkdfSync('sha256', secret, 'ccc-derived-keys', purpose, 32));
}
