import adminAuth from '../../../netlify/functions/admin-auth.mts';
import { type CallOptions, call } from './call';

/** Signs in through the real login function and returns the session cookie. */
export async function adminCookie(
  password = process.env.ADMIN_PASSWORD ?? 'admin',
  options: CallOptions = {},
): Promise<string> {
  const response = await call(adminAuth, '/api/admin/login', { ...options, body: { password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}
