import { env } from '../env';
import { HttpError, forbidden, unauthorized } from '../http/errors';
import { type Client, adminSettings } from './settings';
import { DEVICE_COOKIE, SECURE_DEVICE_COOKIE } from './deviceCookie';
import { keyFingerprint, keyInUseSince } from './keyGeneration';
import { recordSession, revokeSession, sessionStartedAt } from './sessionStore';
import { createToken, newSessionId, signingKey, verifyToken } from './token';

export { type Client } from './settings';
export const SESSION_HOURS = 8;
// `__Host-` makes the browser refuse the cookie unless it is Secure, host-only and
// Path=/; plain http on localhost cannot carry it, so local runs use the bare name.
export const SESSION_COOKIE = 'ccc_admin';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

function isLocalHost(req: Request): boolean {
  const { hostname } = new URL(req.url);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export function sessionCookieName(req: Request): string {
  return isLocalHost(req) ? SESSION_COOKIE : SECURE_SESSION_COOKIE;
}

export function deviceCookieName(req: Request): string {
  return isLocalHost(req) ? DEVICE_COOKIE : SECURE_DEVICE_COOKIE;
}

/** The key that signs this site's session (and device) cookies today. */
export function sessionKey(req: Request, client: Client): Buffer {
  const { password, secret } = adminSettings(req, client);
  return signingKey(secret, password);
}

/** A Set-Cookie value with the admin's cookie attributes. */
export function cookieHeader(req: Request, name: string, value: string, maxAge: number): string {
  return `${name}=${value}; ${cookieAttributes(req, maxAge)}`;
}

function cookieAttributes(req: Request, maxAge: number): string {
  return `Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${isLocalHost(req) ? '' : '; Secure'}`;
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Starts a session recorded on the server; the answer's Set-Cookie carries its token. */
export async function startSession(
  req: Request,
  client: Client,
  now: number = Date.now(),
): Promise<{ cookie: string; expiresAt: number }> {
  const { password, secret } = adminSettings(req, client);
  const expiresAt = now + SESSION_HOURS * 3600_000;
  const sessionId = newSessionId();
  const key = signingKey(secret, password);
  // The key is on record before the session, so the session starts after it.
  await keyInUseSince(keyFingerprint(key), now);
  await recordSession(sessionId, expiresAt, now);
  const token = createToken(key, expiresAt, sessionId);
  return { cookie: `${sessionCookieName(req)}=${token}; ${cookieAttributes(req, SESSION_HOURS * 3600)}`, expiresAt };
}

export function clearedSessionCookie(req: Request): string {
  return `${sessionCookieName(req)}=; ${cookieAttributes(req, 0)}`;
}

export interface AdminSession {
  sessionId: string;
  expiresAt: number;
  /** When the owner signed in (password or passkey) to start this session, in ms. */
  signedInAt: number;
}

/** Adding a passkey needs a sign-in this recent (docs/decisions/0034-mailbox-cap-and-passkey-safety.md). */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

export function signedInRecently(session: AdminSession, now: number = Date.now()): boolean {
  return now - session.signedInAt <= RECENT_SIGN_IN_MS;
}

/** 403 unless the session's sign-in is recent: the caller asks for the password again. */
export function requireRecentSignIn(session: AdminSession, now: number = Date.now()): void {
  if (signedInRecently(session, now)) return;
  throw new HttpError(
    403,
    'Adding a passkey needs a sign-in from the last 5 minutes. Enter your password again, then add the passkey.',
    undefined,
    undefined,
    { reauthenticate: true },
  );
}

/** Which signing key is in use and since when: what passkeys, like sessions, are checked against. */
export interface KeyGeneration {
  fingerprint: string;
  since: number;
}

export async function keyGeneration(req: Request, client: Client, now: number = Date.now()): Promise<KeyGeneration> {
  const fingerprint = keyFingerprint(sessionKey(req, client));
  return { fingerprint, since: await keyInUseSince(fingerprint, now) };
}

/**
 * A session is valid when its token is signed with today's secret and password, has
 * not expired, its server record still exists (not signed out), and it started after
 * today's secret and password came into use (a change back revives nothing).
 */
export async function readSession(
  req: Request,
  client: Client,
  now: number = Date.now(),
): Promise<AdminSession | null> {
  const { password, secret } = adminSettings(req, client);
  const token = readCookie(req, sessionCookieName(req));
  if (!token) return null;
  const key = signingKey(secret, password);
  // Asked first, also for a token that fails: the key in use is on record from the first
  // request that meets it, so a later change back cannot bring older sessions back.
  const keySince = await keyInUseSince(keyFingerprint(key), now);
  const check = verifyToken(token, key, now);
  if (!check.valid) return null;
  const startedAt = await sessionStartedAt(check.sessionId);
  if (startedAt === null) return null;
  if (startedAt < keySince) {
    await revokeSession(check.sessionId);
    return null;
  }
  return { sessionId: check.sessionId, expiresAt: check.expiresAt, signedInAt: startedAt };
}

/** Ends the caller's session on the server, if it has one. */
export async function endSession(req: Request, client: Client): Promise<void> {
  const session = await readSession(req, client);
  if (session) await revokeSession(session.sessionId);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The guard of every admin API: a valid session, and for state-changing calls an
 * Origin header from this site (a second line of defence behind SameSite=Strict).
 */
export async function requireAdmin(req: Request, client: Client): Promise<AdminSession> {
  const session = await readSession(req, client);
  if (!session) throw unauthorized();
  if (!SAFE_METHODS.has(req.method)) assertSameOrigin(req);
  return session;
}

export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get('origin');
  const allowed = new Set([new URL(req.url).origin]);
  const siteUrl = env('URL');
  if (siteUrl) allowed.add(new URL(siteUrl).origin);
  if (!origin || !allowed.has(origin)) throw forbidden('This request must come from the site itself.');
}
