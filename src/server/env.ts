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

/** Development-only defaults (the admin password `admin`, a fixed session secret) apply here only. */
export function localDefaultsApply(clientIp: string | null | undefined): boolean {
  return isLocalServer() && isLoopbackAddress(clientIp);
}

export function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}
