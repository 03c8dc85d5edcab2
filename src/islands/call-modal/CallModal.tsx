import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { lazyDialog } from '../dialog/lazyDialog';
import { useHydrated } from '../useHydrated';
import { $callModal } from '../../stores/dialogs';

// The island mounted on every page hydrates when a call trigger is reached for and
// renders nothing until one asks for the modal; the form, its copy and validation
// arrive in their own chunk.
const CallModalDialog = lazyDialog(() => import('./CallModalDialog'));

export default function CallModal() {
  const request = useStore($callModal);
  // Not in the server HTML: only a hydrated island may claim call triggers open the modal.
  const ready = useHydrated();

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
