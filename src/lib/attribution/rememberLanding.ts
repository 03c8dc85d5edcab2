import type { Landing, VISIT_KEY as READERS_KEY } from './visit';

// Runs on every public page view, inlined into the page: so it stays a few bytes and
// imports nothing at run time. The forms' reader (visit.ts) owns the key and the shape;
// the types tie this copy to them.
const VISIT_KEY: typeof READERS_KEY = 'ccc-visit';

interface PageView extends Landing {
  /** A getter: reading `sessionStorage` itself throws where storage is blocked. */
  storage: () => Storage;
}

/** Keeps the visit's first page view; later ones leave it as it is. */
export function rememberLanding({ storage, href, referrer }: PageView): void {
  try {
    const store = storage();
    if (store.getItem(VISIT_KEY) === null)
      store.setItem(VISIT_KEY, JSON.stringify({ href, referrer } satisfies Landing));
  } catch {
    // Storage off or full: the visit simply carries no source.
  }
}
