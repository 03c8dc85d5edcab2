import type { ClientDirective } from 'astro';
import { EARLY_TAP_EVENT } from '../scripts/earlyTapEvent';

/**
 * `client:painted`: load once the page has loaded and painted and the browser is idle.
 * A module script the browser fetches early runs before the first paint and holds it
 * back, and anything fetched before the largest image is on screen competes with it for
 * a phone's bandwidth. A behaviour mounted with this directive asks for its code only
 * after the load event (the page's images are in), the first contentful paint has been
 * presented and the main thread has a moment, so nothing but the HTML, its inline CSS and
 * its images stands before the page's main content.
 * A tap held before then (src/scripts/early-taps.ts) is the visitor waiting: the code is
 * fetched at once.
 */
const paintedDirective: ClientDirective = (load) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    document.removeEventListener(EARLY_TAP_EVENT, start);
    const hydrate = await load();
    await hydrate();
  };
  document.addEventListener(EARLY_TAP_EVENT, start);
  whenLoaded(() => afterFirstContentfulPaint(() => whenIdle(start)));
};

function whenLoaded(then: () => void): void {
  if (document.readyState === 'complete') then();
  else window.addEventListener('load', then, { once: true });
}

function afterFirstContentfulPaint(then: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

function whenIdle(then: () => void): void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(then, { timeout: 1000 });
  else setTimeout(then, 50);
}

export default paintedDirective;
