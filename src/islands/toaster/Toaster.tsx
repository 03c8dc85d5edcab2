import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/toasts';
import { useHydrated } from '../useHydrated';
import { NOTIFICATIONS_LIST_ID } from './notificationsHotkey';
import { ToastItem } from './ToastItem';
import './toaster.css';

/**
 * The one notifications region of every page. Its empty list is in the page's
 * HTML, so F8 (notificationsHotkey) has a place to go before this island hydrates, which
 * it does only when the first toast is raised (src/islands/on-request).
 */
export default function Toaster() {
  const toasts = useStore($toasts);
  // The first client render must match the empty server HTML, even though the toast
  // that asked for this island is already in the store.
  const hydrated = useHydrated();

  return (
    <section aria-label="Notifications (F8)" className="toaster">
      <ol id={NOTIFICATIONS_LIST_ID} tabIndex={-1} className="toaster-list" data-testid="toaster">
        {hydrated &&
          toasts.map((item) => <ToastItem key={item.id} toast={item} onDismiss={() => dismissToast(item.id)} />)}
      </ol>
    </section>
  );
}
