import type { APIRequestContext } from '@playwright/test';

/** Signs in through the real login API; the request context keeps the cookie. */
export async function signInAsAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  const response = await request.post('/api/admin/login', { data: { password: 'admin' }, headers: { origin: baseURL } });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()} ${await response.text()}`);
}
