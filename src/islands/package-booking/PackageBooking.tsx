import { useStore } from '@nanostores/react';
import { Suspense, lazy } from 'react';
import { $packageBooking, closePackageBooking } from '../../stores/dialogs';

// Mounted on every page but weighs almost nothing: the form, the catalogue and the
// payment code load the first time someone asks to book a package.
const BookingDialog = lazy(() => import('./BookingDialog'));

export default function PackageBooking() {
  const packageId = useStore($packageBooking);
  if (!packageId) return null;
  return (
    <Suspense fallback={null}>
      <BookingDialog key={packageId} packageId={packageId} onClose={closePackageBooking} />
    </Suspense>
  );
}
