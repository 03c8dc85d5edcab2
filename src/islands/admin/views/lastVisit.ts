// When the owner last opened the admin on this device, for Today's "New since your last visit".
// Read once a page load, then moved to now: a reload shows what came since the load before.

const KEY = 'ccc-admin-last-visit';
let previous: string | null | undefined;

/** The previous visit's time (ISO), or null on a first visit; the same all through one page load. */
export function lastVisit(): string | null {
  if (previous !== undefined) return previous;
  try {
    previous = window.localStorage.getItem(KEY);
    window.localStorage.setItem(KEY, new Date().toISOString());
  } catch {
    previous = null;
  }
  return previous;
}
