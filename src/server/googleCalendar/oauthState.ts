import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../auth';

// The OAuth `state` (docs/scheduling.md, "Google Calendar"): `<expiresMs>.<nonce>.<hmac>`, the HMAC over both and the
// admin session's id with a key of its own, so a state is good for ten minutes, for the
// session that asked, once Google sends the owner back. Pure.

export const STATE_TTL_MS = 10 * 60_000;

const mac = (key: Buffer, expires: string, nonce: string, sessionId: string) =>
  createHmac('sha256', key).update(`${expires}.${nonce}.${sessionId}`).digest('base64url');

export function signState(key: Buffer, sessionId: string, now: number): string {
  const expires = String(now + STATE_TTL_MS);
  const nonce = randomBytes(16).toString('base64url');
  return `${expires}.${nonce}.${mac(key, expires, nonce, sessionId)}`;
}

function partsOf(state: string): [string, string, string] | null {
  const parts = state.split('.');
  if (parts.length !== 3) return null;
  const [expires, nonce, signature] = parts as [string, string, string];
  if (!/^\d{1,16}$/.test(expires) || !/^[A-Za-z0-9_-]{1,64}$/.test(nonce) || !signature) return null;
  return [expires, nonce, signature];
}

/**
 * Whether a state is shaped as ours and not expired: all Google's redirect can be asked, as the
 * session's cookie does not come with it (callbackPage.ts).
 */
export function stateFresh(state: string, now: number): boolean {
  const parts = partsOf(state);
  return parts !== null && Number(parts[0]) > now;
}

/** Whether the state was signed for this session and has not expired (constant-time compare). */
export function stateValid(key: Buffer, state: string, sessionId: string, now: number): boolean {
  const parts = partsOf(state);
  if (!parts) return false;
  const [expires, nonce, signature] = parts;
  if (!safeEqual(signature, mac(key, expires, nonce, sessionId))) return false;
  return Number(expires) > now;
}
