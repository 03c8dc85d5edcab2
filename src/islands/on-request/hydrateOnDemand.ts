import { $callModal, $downloadResource, $packageBooking, $quizOpen } from '../../stores/dialogs';
import { $toasts } from '../../stores/toasts';
import { requestIsland } from './requestIsland';

/**
 * Hydrates each on-request island the first time its store asks for it: a dialog
 * requested (by a trigger, or by another island such as the quiz's "Book call") or a
 * toast raised. `subscribe` also sees a value set before this ran.
 */
export function hydrateIslandsOnDemand(): void {
  $toasts.subscribe((list) => list.length > 0 && requestIsland('toaster'));
  $callModal.subscribe((request) => request !== null && requestIsland('call-modal'));
  $quizOpen.subscribe((open) => open && requestIsland('quiz'));
  $downloadResource.subscribe((resourceId) => resourceId !== null && requestIsland('download-dialog'));
  $packageBooking.subscribe((packageId) => packageId !== null && requestIsland('package-booking'));
}
