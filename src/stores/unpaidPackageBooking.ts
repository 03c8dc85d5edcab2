import { atom } from 'nanostores';
import { emptyPackageBookingDraft, type PackageBookingDraft } from './packageBookingDraft';

// The booking the package popup stored whose payment has not gone through yet. A visitor who
// cancels Checkout, or whose order or gateway failed, and tries again with the same package
// and details pays for that booking instead of storing a second one (docs/payments.md, step 1).

export interface UnpaidPackageBooking {
  /** The package and details it was made with (unpaidBookingKey). */
  key: string;
  bookingId: string;
}

export const $unpaidPackageBooking = atom<UnpaidPackageBooking | null>(null);

const draftFields = Object.keys(emptyPackageBookingDraft) as (keyof PackageBookingDraft)[];

/**
 * What a booking is made of: the package, each field exactly as typed and the WhatsApp consent.
 * Any change is another booking, since the stored one would no longer say what the visitor sent.
 * Fields are read in a fixed order, so equal details give an equal key however they were built.
 */
export function unpaidBookingKey(packageId: string, draft: PackageBookingDraft, whatsappOptIn: boolean): string {
  return JSON.stringify([packageId, ...draftFields.map((name) => draft[name]), whatsappOptIn]);
}

/** The id of the unpaid booking made with exactly these details, or null: book anew. */
export function unpaidBookingFor(key: string): string | null {
  const booking = $unpaidPackageBooking.get();
  return booking?.key === key ? booking.bookingId : null;
}

export const rememberUnpaidBooking = (key: string, bookingId: string) => $unpaidPackageBooking.set({ key, bookingId });

/** Paid here, or already paid (the order endpoint answers 409): the next try books anew. */
export const forgetUnpaidBooking = () => $unpaidPackageBooking.set(null);
