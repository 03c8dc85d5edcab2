import { openCallModal, openDownload, openPackageBooking, openQuiz } from '../stores/dialogs';

/**
 * One delegated click listener for every dialog trigger on the page:
 *   data-open-call="<source>"   the free discovery call modal
 *   data-open-quiz               the AI career vulnerability quiz
 *   data-download-resource="id"  the gated download dialog
 *   data-book-package="id"       the package booking popup
 * Triggers that are links keep their href as the no-JavaScript fallback.
 */
export function listenForDialogTriggers(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const target = event.target as HTMLElement | null;
    const trigger = target?.closest<HTMLElement>('[data-open-call], [data-open-quiz], [data-download-resource], [data-book-package]');
    if (!trigger) return;
    event.preventDefault();
    const { openCall, downloadResource, bookPackage } = trigger.dataset;
    if (bookPackage) openPackageBooking(bookPackage);
    else if (downloadResource) openDownload(downloadResource);
    else if (trigger.hasAttribute('data-open-quiz')) openQuiz();
    else openCallModal({ source: openCall || 'button' });
  });
}
