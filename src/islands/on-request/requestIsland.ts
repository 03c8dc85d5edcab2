// Islands that cost a returning visitor nothing until they are needed: each is mounted
// with `client:request="<name>"` and hydrates the first time something asks for it
// (a click or the intent to click on one of its triggers, a toast, a missing consent).

/** The islands that hydrate on request, by the name their `client:request` carries. */
export type RequestedIsland =
  'toaster' | 'call-modal' | 'quiz' | 'download-dialog' | 'package-booking' | 'cookie-banner';

/** The DOM event the `request` client directive listens for; its detail is the island's name. */
export const ISLAND_REQUEST_EVENT = 'ccc:island-request';

/**
 * Asks the page to hydrate an island. Safe to call any number of times and from any
 * script: an island not on this page (e.g. the dialogs on the admin's bare pages)
 * simply never answers. State the island needs (which dialog, which toast) goes into
 * its store first, so the island finds it when it hydrates.
 */
export function requestIsland(name: RequestedIsland): void {
  document.dispatchEvent(new CustomEvent<RequestedIsland>(ISLAND_REQUEST_EVENT, { detail: name }));
}
