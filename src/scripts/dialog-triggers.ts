import type { RequestedIsland } from '../islands/on-request/requestIsland';
import { requestIsland } from '../islands/on-request/requestIsland';
import { openCallModal, openDownload, openPackageBooking, openQuiz } from '../stores/dialogs';

/**
 * Every dialog trigger on the page, by its data attribute:
 *   data-book-package="id"       the package booking popup
 *   data-download-resource="id"  the gated download dialog
 *   data-open-quiz               the AI career vulnerability quiz
 *   data-open-call="<source>"    the free discovery call modal
 * Triggers that are links keep their href as the no-JavaScript fallback.
 */
const triggers: { selector: string; island: RequestedIsland; open: (trigger: HTMLElement) => void }[] = [
  {
    selector: '[data-book-package]',
    island: 'package-booking',
    open: (trigger) => openPackageBooking(trigger.dataset.bookPackage ?? ''),
  },
  {
    selector: '[data-download-resource]',
    island: 'download-dialog',
    open: (trigger) => openDownload(trigger.dataset.downloadResource ?? ''),
  },
  { selector: '[data-open-quiz]', island: 'quiz', open: () => openQuiz() },
  {
    selector: '[data-open-call]',
    island: 'call-modal',
    open: (trigger) => openCallModal({ source: trigger.dataset.openCall || 'button' }),
  },
];
const anyTrigger = triggers.map(({ selector }) => selector).join(', ');

function triggerFor(event: Event): { element: HTMLElement; trigger: (typeof triggers)[number] } | null {
  const element = (event.target as Element | null)?.closest?.<HTMLElement>(anyTrigger);
  const trigger = element ? triggers.find(({ selector }) => element.matches(selector)) : undefined;
  return element && trigger ? { element, trigger } : null;
}

/**
 * One delegated listener for every dialog trigger. A click writes the request into the
 * dialog's store (its island opens it once hydrated, however late that is); pointing
 * at or tabbing to a trigger already hydrates the island, so the click rarely waits.
 */
export function listenForDialogTriggers(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const found = triggerFor(event);
    if (!found) return;
    event.preventDefault();
    found.trigger.open(found.element);
  });
  const warm = (event: Event) => {
    const found = triggerFor(event);
    if (found) requestIsland(found.trigger.island);
  };
  root.addEventListener('pointerover', warm, { passive: true });
  root.addEventListener('focusin', warm);
  // A trigger tapped before this ran was held by the page (src/scripts/early-taps.ts): it opens now.
  window.__cccLive?.('dialogs', root.documentElement);
}
