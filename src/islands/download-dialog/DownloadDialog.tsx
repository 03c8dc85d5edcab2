import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $downloadResource } from '../../stores/dialogs';

// Renders nothing until a `data-download-resource` trigger is used; the form,
// its validation and the resource catalogue load on demand.
const loadDialog = () => import('./DownloadForm');
const DownloadForm = lazy(loadDialog);

export default function DownloadDialog() {
  const resourceId = useStore($downloadResource);
  // False until hydrated, so the first render matches the empty server HTML even when a
  // request made before hydration is already waiting in the store.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const warm = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('[data-download-resource]')) void loadDialog();
    };
    document.addEventListener('pointerover', warm, { passive: true });
    document.addEventListener('focusin', warm);
    return () => {
      document.removeEventListener('pointerover', warm);
      document.removeEventListener('focusin', warm);
    };
  }, []);

  // An empty fragment, not null: Astro recognises a React component by the element it returns.
  if (!hydrated || !resourceId) return <></>;
  return (
    <Suspense fallback={null}>
      <DownloadForm key={resourceId} resourceId={resourceId} />
    </Suspense>
  );
}
