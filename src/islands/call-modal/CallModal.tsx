import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $callModal } from '../../stores/dialogs';

// The island mounted on every page renders nothing until a trigger asks for the
// modal; the form, its copy and validation arrive in their own chunk on demand.
const loadDialog = () => import('./CallModalDialog');
const CallModalDialog = lazy(loadDialog);

export default function CallModal() {
  const request = useStore($callModal);
  // False until hydrated: the first render must match the empty server HTML even when
  // a request is already waiting in the store, and the HTML must not claim readiness.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setReady(true);
    // Fetch the dialog's chunk as soon as a visitor shows intent, so opening feels instant.
    const warm = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('[data-open-call]')) void loadDialog();
    };
    document.addEventListener('pointerover', warm, { passive: true });
    document.addEventListener('focusin', warm);
    return () => {
      document.removeEventListener('pointerover', warm);
      document.removeEventListener('focusin', warm);
    };
  }, []);

  // data-call-modal-ready tells page scripts and tests that call triggers now open the modal.
  return (
    <>
      {ready && <span data-call-modal-ready hidden />}
      {ready && request && (
        <Suspense fallback={null}>
          <CallModalDialog context={request} />
        </Suspense>
      )}
    </>
  );
}
