import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Pure signing of admin session tokens: `<expiresAtMs>.<sessionId>.<hmac>`.

function sign(payload: string, key: string | Buffer): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Compares secrets without leaking their length or content through timing. */
export function safeEqualSecret(given: string, expected: string): boolean {
  const key = randomBytes(32);
  const a = createHmac('sha256', key).update(given).digest();
  const b = createHmac('sha256', key).update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The key that signs sessions depends on the password too, so changing
 * ADMIN_PASSWORD (or SESSION_SECRET) ends every session at once.
 */
export function signingKey(secret: string, password: string): Buffer {
  return createHmac('sha256', secret).update(`admin-session\0${password}`).digest();
}

export const sessionIdPattern = /^[A-Za-z0-9_-]{24}$/;

export function newSessionId(): string {
  return randomBytes(18).toString('base64url');
}

export function createToken(key: string | Buffer, expiresAt: number, sessionId: string = newSessionId()): string {
  const payload = `${expiresAt}.${sessionId}`;
  return `${payload}.${sign(payload, key)}`;
}

export type TokenCheck =
  | { valid: true; expiresAt: number; sessionId: string }
  | { valid: false; reason: 'malformed' | 'signature' | 'expired' };

export function verifyToken(token: string, key: string | Buffer, now: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^\d{1,16}$/.test(parts[0] ?? '') || !sessionIdPattern.test(parts[1] ?? '')) {
    return { valid: false, reason: 'malformed' };
  }
  const [expires, sessionId, signature] = parts as [string, string, string];
  if (!safeEqual(signature, sign(`${expires}.${sessionId}`, key))) return { valid: false, reason: 'signature' };
  const expiresAt = Number(expires);
  if (expiresAt <= now) return { valid: false, reason: 'expired' };
  return { valid: true, expiresAt, sessionId };
}
