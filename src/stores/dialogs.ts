import { atom } from 'nanostores';

/** What opened the free discovery call modal, kept with the booking (DECISIONS 8). */
export interface CallModalContext {
  source: string;
  quizScore?: number;
}

export const $callModal = atom<CallModalContext | null>(null);

export function openCallModal(context: CallModalContext = { source: 'button' }): void {
  $callModal.set(context);
}

export function closeCallModal(): void {
  $callModal.set(null);
}
