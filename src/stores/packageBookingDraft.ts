import { atom, map } from 'nanostores';
import type { PackageBookingForm } from '../lib/schemas/packageBooking';

// What a visitor typed into the package popup (src/islands/package-booking), kept for the
// page's lifetime. Closing the popup, or cancelling Razorpay Checkout, unmounts the dialog;
// reopening it finds the form filled for a retry (docs/payments.md, step 1).

/** The popup's text fields as typed: checked only when the visitor sends them. */
export type PackageBookingDraft = PackageBookingForm;

export const emptyPackageBookingDraft: Readonly<PackageBookingDraft> = {
  fullName: '',
  mobile: '',
  designation: '',
  company: '',
  industry: '',
  studentClass: '',
  school: '',
  parentName: '',
  parentEmail: '',
  minor: '',
};

export const $packageBookingDraft = map<PackageBookingDraft>({ ...emptyPackageBookingDraft });

/**
 * The buyer's state or union territory, asked for paid packages only: the place of supply on
 * the GST invoice (docs/payments.md). Apart from the draft because it goes with the order, not
 * with the booking, and kept when the draft is cleared: it is the buyer's whatever the package.
 */
export const $packageBookingCustomerState = atom('');

export const setPackageBookingField = (name: keyof PackageBookingDraft, value: string) =>
  $packageBookingDraft.setKey(name, value);
export const setPackageBookingCustomerState = (state: string) => $packageBookingCustomerState.set(state);

/** Once a booking is done with (paid, or a discovery call booked), the next one starts empty. */
export const clearPackageBookingDraft = () => $packageBookingDraft.set({ ...emptyPackageBookingDraft });
