import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { $downloadResource } from '../../stores/dialogs';

// Renders nothing until a `data-download-resource` trigger is used; the form,
// its validation and the resource catalogue load on demand.
const loadDialog = () => import('./DownloadForm');
const DownloadForm = lazy(loadDialog);

export default function DownloadDialog() {
  const resourceId = useStore($downloadResource);

  useEffect(() => {
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

  if (!resourceId) return null;
  return (
    <Suspense fallback={null}>
      <DownloadForm key={resourceId} resourceId={resourceId} />
    </Suspense>
  );
}
