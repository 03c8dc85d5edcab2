import type { ClientDirective } from 'astro';
import { ISLAND_REQUEST_EVENT } from '../islands/on-request/requestIsland';

/**
 * `client:request="<name>"`: hydrate the island the first time `requestIsland(name)`
 * asks for it. Astro inlines this into each page that uses it (and hashes it into the
 * page's CSP); the island connects while the HTML is parsed, before anything that could
 * make a request has loaded, so no request is missed.
 */
const requestDirective: ClientDirective = (load, options) => {
  const name = options.value;
  const onRequest = async (event: Event) => {
    if ((event as CustomEvent<unknown>).detail !== name) return;
    document.removeEventListener(ISLAND_REQUEST_EVENT, onRequest);
    const hydrate = await load();
    await hydrate();
    // When this island's code was in and running: the first-tap tests and the bench read it.
    performance.mark(`ccc:hydrated:${name}`);
  };
  document.addEventListener(ISLAND_REQUEST_EVENT, onRequest);
};

export default requestDirective;
