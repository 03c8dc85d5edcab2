import { atom } from 'nanostores';

// Dialog requests. Pages mark their triggers with data attributes and a tiny
// script in BaseLayout writes here on click, so a page never hydrates just to
// open a dialog: the dialog island (mounted once per page) reads the store,
// and a request made before it hydrated is still waiting for it.

/**
 * What opened the free discovery call modal, kept with the booking
 * (docs/decisions/0008-quiz-score-on-the-call-booking.md).
 */
export interface CallModalContext {
  source: string;
  quizScore?: number;
}

export const $callModal = atom<CallModalContext | null>(null);
export const openCallModal = (context: CallModalContext = { source: 'button' }) => $callModal.set(context);
export const closeCallModal = () => $callModal.set(null);

/** The AI career vulnerability quiz (`data-open-quiz`). */
export const $quizOpen = atom(false);
export const openQuiz = () => $quizOpen.set(true);
export const closeQuiz = () => $quizOpen.set(false);

/** The gated download dialog for one resource id (`data-download-resource="<id>"`). */
export const $downloadResource = atom<string | null>(null);
export const openDownload = (resourceId: string) => $downloadResource.set(resourceId);
export const closeDownload = () => $downloadResource.set(null);

/** The package booking popup for one package id (`data-book-package="<id>"`). */
export const $packageBooking = atom<string | null>(null);
export const openPackageBooking = (packageId: string) => $packageBooking.set(packageId);
export const closePackageBooking = () => $packageBooking.set(null);
