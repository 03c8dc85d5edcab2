import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { lazyDialog } from '../dialog/lazyDialog';
import { useHydrated } from '../useHydrated';
import { $downloadResource } from '../../stores/dialogs';

// Renders nothing until a `data-download-resource` trigger is used; the form,
// its validation and the resource catalogue load on demand.
const DownloadForm = lazyDialog(() => import('./DownloadForm'));

export default function DownloadDialog() {
  const resourceId = useStore($downloadResource);
  const hydrated = useHydrated();

  // An empty fragment, not null: Astro recognises a React component by the element it returns.
  if (!hydrated || !resourceId) return <></>;
  return (
    <Suspense fallback={null}>
      <DownloadForm key={resourceId} resourceId={resourceId} />
    </Suspense>
  );
}
