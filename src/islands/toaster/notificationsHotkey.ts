// F8 moves focus to the notifications region. A plain page script owns the key,
// so it works from the first moment, long before (or without) the toaster's island.

/** The id of the toaster's list, the region F8 focuses. */
export const NOTIFICATIONS_LIST_ID = 'notifications';

export function listenForNotificationsHotkey(root: Document = document): void {
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'F8') return;
    const list = root.getElementById(NOTIFICATIONS_LIST_ID);
    if (!list) return;
    event.preventDefault();
    list.focus();
  });
}
