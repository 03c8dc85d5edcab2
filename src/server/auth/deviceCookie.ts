import { createHmac } from 'node:crypto';
import { blobCall, collectionStore } from '../storage/blobs';
import { createToken, newSessionId, verifyToken } from './token';

// OWASP's device cookies: a browser that signed in once gets a long-lived, signed,
// HttpOnly cookie naming it. Its later sign-in attempts are counted for that device
// only, so a flood of guesses from elsewhere never locks the owner out of a browser
// they used before. A device lives as a record in Blobs, so Sign out everywhere ends
// them all; the signature uses the session key, so a new password or secret ends them too.

const DEVICES = 'admin-devices';
export const DEVICE_DAYS = 365;
export const DEVICE_COOKIE = 'ccc_device';
export const SECURE_DEVICE_COOKIE = `__Host-${DEVICE_COOKIE}`;

function deviceKey(sessionKey: Buffer): Buffer {
  return createHmac('sha256', sessionKey).update('admin-device').digest();
}

/** The device this (verified, still recorded) cookie names, or null. */
export async function knownDevice(
  token: string | undefined,
  sessionKey: Buffer,
  now: number = Date.now(),
): Promise<string | null> {
  if (!token) return null;
  const check = verifyToken(token, deviceKey(sessionKey), now);
  if (!check.valid) return null;
  const store = collectionStore(DEVICES);
  const record = await blobCall(() => store.get(check.sessionId, { type: 'json' }));
  return record ? check.sessionId : null;
}

/** Records a new device and returns the cookie value that names it. */
export async function newDevice(
  sessionKey: Buffer,
  now: number = Date.now(),
): Promise<{ deviceId: string; token: string; maxAgeSeconds: number }> {
  const deviceId = newSessionId();
  const maxAgeSeconds = DEVICE_DAYS * 24 * 3600;
  const store = collectionStore(DEVICES);
  await blobCall(() => store.setJSON(deviceId, { createdAt: new Date(now).toISOString() }, { onlyIfNew: true }));
  return { deviceId, token: createToken(deviceKey(sessionKey), now + maxAgeSeconds * 1000, deviceId), maxAgeSeconds };
}

/** Sign out everywhere: no browser is known any more. */
export async function forgetAllDevices(): Promise<number> {
  const store = collectionStore(DEVICES);
  const { blobs } = await blobCall(() => store.list());
  await Promise.all(blobs.map((blob) => blobCall(() => store.delete(blob.key))));
  return blobs.length;
}
