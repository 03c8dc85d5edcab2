import { z } from 'zod';

// What the browser sends in the passkey ceremonies (@simplewebauthn/browser's JSON).
// The shapes are checked here; the signatures by @simplewebauthn/server.

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url');
/**
 * A credential id as authenticators make them. WebAuthn allows up to 1,023 bytes, but real
 * ones are 16 (Google Password Manager, iCloud Keychain) to 64 bytes (security keys that wrap
 * their key into the id); a discoverable credential, which this site asks for, is held by the
 * authenticator and needs no long id. 255 base64url characters (191 bytes) is three times the
 * longest seen and refuses anything longer at once (docs/admin.md, "Signing in"). The
 * 16-character floor is the spec's 16 bytes of entropy, loosely.
 */
export const PASSKEY_ID_MAX = 255;
export const passkeyIdSchema = base64url.min(16, 'Not a passkey id').max(PASSKEY_ID_MAX, 'Not a passkey id');
const challengeId = base64url.length(24, 'Not a challenge id');

const credentialBase = {
  id: passkeyIdSchema,
  rawId: passkeyIdSchema,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const passkeyRegistrationSchema = z.object({
  challengeId,
  name: z.string().trim().min(1, 'Give the passkey a name').max(60, 'At most 60 characters'),
  response: z.looseObject({
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: base64url.max(4096),
      attestationObject: base64url.max(16_384),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  }),
});

export const passkeyLoginSchema = z.object({
  challengeId,
  response: z.looseObject({
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: base64url.max(4096),
      authenticatorData: base64url.max(4096),
      // Room for post-quantum signatures: @simplewebauthn offers ML-DSA-44 first, and
      // Chromium signs with it (2,420 bytes); ML-DSA-87's 4,627 bytes fit too.
      signature: base64url.max(8192),
      userHandle: base64url.max(256).optional(),
    }),
  }),
});
