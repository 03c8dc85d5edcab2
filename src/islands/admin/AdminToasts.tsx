import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/toasts';
import { NOTIFICATIONS_LIST_ID } from '../toaster/notificationsHotkey';
import { ToastItem } from '../toaster/ToastItem';
import '../toaster/toaster.css';

/**
 * The admin's notifications, in a row of the page's own (docs/admin.md, "Views"): above the
 * bottom bar on a phone, under the view on a wide screen. It takes its height from the view's
 * scroll area instead of floating over it, so a toast never covers the next entry's button.
 */
export function AdminToasts() {
  const toasts = useStore($toasts);
  return (
    <section aria-label="Notifications (F8)" className="adm-toasts">
      <ol id={NOTIFICATIONS_LIST_ID} tabIndex={-1} className="adm-toast-list" data-testid="toaster">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} onDismiss={() => dismissToast(item.id)} />
        ))}
      </ol>
    </section>
  );
}
