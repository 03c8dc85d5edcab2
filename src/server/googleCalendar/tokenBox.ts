import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// The refresh token at rest (docs/scheduling.md): AES-256-GCM with a key derived from
// SESSION_SECRET (auth's derivedKey), a fresh 12-byte nonce each time, and the purpose as
// associated data, so a box sealed for something else does not open here. Pure.

const AAD = Buffer.from('google-refresh-token');
const VERSION = 'v1';

/** `v1.<nonce>.<ciphertext>.<tag>`, base64url parts. */
export function sealToken(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(AAD);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

/** The token, or null when the box is not ours or the key changed (SESSION_SECRET changed). */
export function openToken(key: Buffer, box: string): string | null {
  const [version, nonce, sealed, tag] = box.split('.');
  if (version !== VERSION || !nonce || !sealed || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url')).setAAD(AAD);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
