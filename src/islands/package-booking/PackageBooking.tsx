import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { $packageBooking, closePackageBooking } from '../../stores/dialogs';
import { lazyDialog } from '../dialog/lazyDialog';
import { useHydrated } from '../useHydrated';

// Mounted on every page but weighs almost nothing, and hydrates only when a booking
// trigger is reached for: the form, the catalogue and the payment code follow.
const BookingDialog = lazyDialog(() => import('./BookingDialog'));

export default function PackageBooking() {
  const packageId = useStore($packageBooking);
  const hydrated = useHydrated();
  // An empty fragment, not null: Astro's React renderer recognises a component by
  // the element it returns, and a null would send it to the MDX renderer instead.
  if (!hydrated || !packageId) return <></>;
  return (
    <Suspense fallback={null}>
      <BookingDialog key={packageId} packageId={packageId} onClose={closePackageBooking} />
    </Suspense>
  );
}
