// A page or answer opened by a private link (a person's data, a parent's confirmation): never
// cached, never indexed, and its address (which holds the token) never sent on as a referrer.

export const privateLinkHeaders: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
};

export function keepPrivate(headers: Headers): void {
  for (const [name, value] of Object.entries(privateLinkHeaders)) headers.set(name, value);
}
