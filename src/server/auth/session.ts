import { env, isLocalRuntime } from '../env';
import { forbidden, serviceUnavailable, unauthorized } from '../http/errors';
import { createToken, safeEqualSecret, verifyToken } from './token';

export const SESSION_COOKIE = 'ccc_admin';
export const SESSION_HOURS = 8;
export const LOCAL_ADMIN_PASSWORD = 'admin';
const LOCAL_SESSION_SECRET = 'local-development-session-secret-not-for-production';

export interface AdminSettings {
  password: string;
  secret: string;
}

/** The admin is disabled in production until both secrets are configured (DECISIONS 15). */
export function adminSettings(): AdminSettings {
  const password = env('ADMIN_PASSWORD') ?? (isLocalRuntime() ? LOCAL_ADMIN_PASSWORD : undefined);
  const secret = env('SESSION_SECRET') ?? (isLocalRuntime() ? LOCAL_SESSION_SECRET : undefined);
  if (!password || !secret) {
    throw serviceUnavailable('The admin is disabled: set ADMIN_PASSWORD and SESSION_SECRET in the site environment.');
  }
  return { password, secret };
}

export function passwordMatches(given: string): boolean {
  return safeEqualSecret(given, adminSettings().password);
}

function isLocalHost(req: Request): boolean {
  const { hostname } = new URL(req.url);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

export function sessionCookie(req: Request, now: number = Date.now()): { cookie: string; expiresAt: number } {
  const expiresAt = now + SESSION_HOURS * 3600_000;
  const token = createToken(adminSettings().secret, expiresAt);
  const secure = isLocalHost(req) ? '' : '; Secure';
  const cookie = `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_HOURS * 3600}${secure}`;
  return { cookie, expiresAt };
}

export function clearedSessionCookie(req: Request): string {
  const secure = isLocalHost(req) ? '' : '; Secure';
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure}`;
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

export interface AdminSession {
  expiresAt: number;
}

export function readSession(req: Request, now: number = Date.now()): AdminSession | null {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  const check = verifyToken(token, adminSettings().secret, now);
  return check.valid ? { expiresAt: check.expiresAt } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The guard of every admin API: a valid session, and for state-changing calls an
 * Origin header from this site (a second line of defence behind SameSite=Strict).
 */
export function requireAdmin(req: Request): AdminSession {
  const session = readSession(req);
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

/** Whether the local default password applies (the login page says so). */
export function usesLocalDefaultPassword(): boolean {
  return isLocalRuntime() && !env('ADMIN_PASSWORD');
}
