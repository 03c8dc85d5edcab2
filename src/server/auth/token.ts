import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Pure signing of admin session tokens: `<expiresAtMs>.<nonce>.<hmac>`.

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
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

export function createToken(secret: string, expiresAt: number): string {
  const payload = `${expiresAt}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${sign(payload, secret)}`;
}

export type TokenCheck = { valid: true; expiresAt: number } | { valid: false; reason: 'malformed' | 'signature' | 'expired' };

export function verifyToken(token: string, secret: string, now: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^\d{1,16}$/.test(parts[0] ?? '')) return { valid: false, reason: 'malformed' };
  const [expires, nonce, signature] = parts as [string, string, string];
  if (!safeEqual(signature, sign(`${expires}.${nonce}`, secret))) return { valid: false, reason: 'signature' };
  const expiresAt = Number(expires);
  if (expiresAt <= now) return { valid: false, reason: 'expired' };
  return { valid: true, expiresAt };
}
