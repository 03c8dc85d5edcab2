import { describe, expect, test } from 'vitest';
import { passkeyLoginSchema } from '../../src/lib/schemas/passkeys';

const b64url = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64url');

function login(signatureBytes: number) {
  return {
    challengeId: 'OQ9CTYXmtbKU_tqooYBquf3-',
    response: {
      id: b64url(32),
      rawId: b64url(32),
      type: 'public-key',
      response: { clientDataJSON: b64url(120), authenticatorData: b64url(37), signature: b64url(signatureBytes) },
    },
  };
}

describe('a passkey sign-in body', () => {
  test('takes the signatures of every algorithm a passkey may use: ES256, RS256 and ML-DSA-44/87', () => {
    for (const bytes of [72, 256, 2420, 4627]) expect(passkeyLoginSchema.safeParse(login(bytes)).success).toBe(true);
  });

  test('refuses a signature larger than any algorithm makes, naming the field', () => {
    const result = passkeyLoginSchema.safeParse(login(7000));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['response', 'response', 'signature']);
  });
});
