import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * The project's own local servers (`npm start`, `npm run dev`) set NETLIFY_LOCAL=true;
 * Netlify never does. Deployed functions do not see CONTEXT at run time, so its absence
 * proves nothing: without this explicit marker we are on a deployed site (fail closed).
 */
export function isLocalServer(): boolean {
  return process.env.NETLIFY_LOCAL === 'true';
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(ip: string | null | undefined): boolean {
  if (!ip) return false;
  const address = ip.trim().replace(/^\[|\]$/g, '');
  if (address === '::1') return true;
  const v4 = address.replace(/^::ffff:/i, '');
  return isIP(v4) === 4 && v4.startsWith('127.');
}

const LOCAL_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the request was made on this machine to this machine, not passed on by a proxy
 * or tunnel: `Host` names localhost and no `Forwarded`, `X-Forwarded-*` or `Via` header
 * is present. Behind a same-host proxy (nginx, cloudflared, ssh -R) every client's socket
 * is loopback, so the socket alone says nothing (docs/admin.md, "Signing in").
 */
export function isDirectLocalRequest(req: Request): boolean {
  // Under `npm run dev` the dev server's own middleware has already looked at the
  // client's headers (and overwritten X-Forwarded-For with the socket address).
  const devSecret = env('CCC_DEV_CLIENT_SECRET');
  if (devSecret) {
    const record = req.headers.get('x-ccc-dev-client') ?? '';
    if (!safeEqualText(record, `${devSecret};direct`)) return false;
    return hasLocalHost(req);
  }
  if (!hasLocalHost(req)) return false;
  for (const [name] of req.headers) {
    if (name === 'forwarded' || name === 'via' || name.startsWith('x-forwarded-')) return false;
  }
  return true;
}

function hasLocalHost(req: Request): boolean {
  const host = (req.headers.get('host') ?? new URL(req.url).host).trim().toLowerCase();
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return LOCAL_HOST_NAMES.has(hostname);
}

function safeEqualText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Development-only defaults (the admin password `admin`, a fixed session secret) apply
 * only on the project's own local server, to a loopback socket, for a direct local request.
 */
export function localDefaultsApply(req: Request, clientIp: string | null | undefined): boolean {
  return isLocalServer() && isLoopbackAddress(clientIp) && isDirectLocalRequest(req);
}

export function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}
