import { env, localDefaultsApply } from '../env';
import { serviceUnavailable } from '../http/errors';

export const LOCAL_ADMIN_PASSWORD = 'admin';
export const LOCAL_SESSION_SECRET = 'local-development-session-secret-not-for-production';
export const MIN_PASSWORD_LENGTH = 12;
export const MIN_SECRET_LENGTH = 32;

export interface AdminSettings {
  password: string;
  secret: string;
}

/** Who is asking: Netlify's Context and our local server's both carry the client address. */
export interface Client {
  ip?: string | null;
}

/**
 * Why the admin is disabled for this client, or null when it is usable
 * (docs/decisions/0015-admin-sign-in-and-sessions.md).
 * Local defaults apply only on the project's own local server, from a loopback address,
 * to a request not passed on by a proxy; a deployed site without both secrets stays closed.
 */
export function adminDisabledReason(req: Request, client: Client): string | null {
  const local = localDefaultsApply(req, client.ip);
  const password = env('ADMIN_PASSWORD');
  const secret = env('SESSION_SECRET');
  const missing = [!password && !local && 'ADMIN_PASSWORD', !secret && !local && 'SESSION_SECRET'].filter(Boolean);
  if (missing.length > 0) {
    return `The admin is disabled: set ${missing.join(' and ')} in the site's environment variables (ADMIN_PASSWORD at least ${MIN_PASSWORD_LENGTH} characters, SESSION_SECRET at least ${MIN_SECRET_LENGTH} random characters).`;
  }
  if (password && password.length < MIN_PASSWORD_LENGTH) {
    return `The admin is disabled: ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  if (secret && secret.length < MIN_SECRET_LENGTH) {
    return `The admin is disabled: SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (use random characters).`;
  }
  return null;
}

export function adminSettings(req: Request, client: Client): AdminSettings {
  const reason = adminDisabledReason(req, client);
  if (reason) throw serviceUnavailable(reason);
  return {
    password: env('ADMIN_PASSWORD') ?? LOCAL_ADMIN_PASSWORD,
    secret: env('SESSION_SECRET') ?? LOCAL_SESSION_SECRET,
  };
}

/** Whether the login page may say that the password is `admin`. */
export function usesLocalDefaultPassword(req: Request, client: Client): boolean {
  return localDefaultsApply(req, client.ip) && !env('ADMIN_PASSWORD');
}
