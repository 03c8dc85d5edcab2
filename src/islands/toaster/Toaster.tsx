import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $toasts, dismissToast } from '../../stores/toasts';
import { ToastItem } from './ToastItem';
import './toaster.css';

/** The one notifications region of every page; F8 moves focus to it (SPEC 9). */
export default function Toaster() {
  const toasts = useStore($toasts);
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)" className="toaster">
      <ol ref={regionRef} tabIndex={-1} className="toaster-list" data-testid="toaster">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} onDismiss={() => dismissToast(item.id)} />
        ))}
      </ol>
    </section>
  );
}
