import { useSyncExternalStore } from 'react';

// Where the owner is in the admin (docs/admin.md, "Views"): the URL hash, `#today`, `#people`,
// `#people/9876543210` (a person's page), `#money`… Views are reached by plain links, so the
// browser keeps each in its history (the back button goes back a view), a reload keeps the
// place, and a tap before the island hydrates still goes there.

export const adminViews = [
  { id: 'today', label: 'Today' },
  { id: 'people', label: 'People' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'money', label: 'Money' },
  { id: 'blog', label: 'Blog' },
  { id: 'settings', label: 'Settings' },
] as const;
export type AdminView = (typeof adminViews)[number]['id'];

/** Hashes of the tabbed dashboard that came before, still in bookmarks and mails: where each went. */
const movedViews: Record<string, AdminView> = {
  customers: 'people',
  clients: 'calendar',
  schedule: 'calendar',
  privacy: 'settings',
};

export interface AdminRoute {
  view: AdminView;
  /** What follows the view in the hash, decoded: a person's phone or mailbox on `people/…`. */
  detail: string | null;
}

/** The route a hash names; null for a hash that names no view, such as the skip link's `#main` (pure). */
export function routeOf(hash: string): AdminRoute | null {
  const [head = '', ...rest] = hash.replace(/^#/, '').split('/');
  const view = head === '' ? 'today' : (adminViews.find((item) => item.id === head)?.id ?? movedViews[head]);
  if (!view) return null;
  let detail: string | null = null;
  try {
    detail = rest.length > 0 && rest.join('/') ? decodeURIComponent(rest.join('/')) : null;
  } catch {
    detail = null;
  }
  return { view, detail: view === 'people' ? detail : null };
}

export const viewHref = (view: AdminView) => `#${view}`;
/** A person's page: found by a phone number or a mailbox, as the search finds them. */
export const personHref = (phoneOrEmail: string) => `#people/${encodeURIComponent(phoneOrEmail)}`;

/** The page of whoever a record names: by their number's 10 digits, else their e-mail; null with neither. */
export function personHrefOf(person: { phone?: string | null; email?: string | null }): string | null {
  const digits = (person.phone ?? '').replace(/\D/g, '');
  if (digits.length >= 10) return personHref(digits.slice(-10));
  return person.email ? personHref(person.email) : null;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

// A hash that names no view (the skip link's #main, an old anchor) leaves the view as it was.
let lastRoute: AdminRoute = { view: 'today', detail: null };

export function useAdminRoute(): AdminRoute {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  const route = routeOf(hash);
  if (route) lastRoute = route;
  return route ?? lastRoute;
}
