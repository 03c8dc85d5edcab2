import { describe, expect, it } from 'vitest';
import { createToken, safeEqualSecret, verifyToken } from '../../src/server/auth/token';

const secret = 'unit-test-secret';

describe('session tokens', () => {
  it('accepts a fresh token signed with the secret', () => {
    const token = createToken(secret, 2_000);
    expect(verifyToken(token, secret, 1_000)).toMatchObject({ valid: true, expiresAt: 2_000 });
  });

  it('rejects an expired token', () => {
    const token = createToken(secret, 2_000);
    expect(verifyToken(token, secret, 2_000)).toEqual({ valid: false, reason: 'expired' });
  });

  it('rejects a token signed with another secret', () => {
    const token = createToken('other-secret', 9_000_000_000_000);
    expect(verifyToken(token, secret, 1_000)).toEqual({ valid: false, reason: 'signature' });
  });

  it('rejects a token whose expiry was pushed forward', () => {
    const [, nonce, signature] = createToken(secret, 2_000).split('.');
    expect(verifyToken(`9999999999999.${nonce}.${signature}`, secret, 1_000)).toEqual({
      valid: false,
      reason: 'signature',
    });
  });

  it('rejects malformed tokens', () => {
    for (const token of ['', 'abc', 'a.b.c', '123.x']) {
      expect(verifyToken(token, secret, 0).valid).toBe(false);
    }
  });

  it('compares secrets exactly', () => {
    expect(safeEqualSecret('admin', 'admin')).toBe(true);
    expect(safeEqualSecret('admin ', 'admin')).toBe(false);
    expect(safeEqualSecret('', 'admin')).toBe(false);
  });
});
