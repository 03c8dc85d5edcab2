import { findPackage, isPaidPackage } from '../../lib/packageCatalogue';
import type { Booking } from '../../lib/schemas/booking';
import { currentStageOf, type packageBookingRequestSchema } from '../../lib/schemas/packageBooking';
import { bookings, consentOfSubmission } from '../leads';
import { decoyRecord } from '../http/honeypot';
import { badRequest } from '../http/errors';
import type { z } from 'zod';

type PackageBookingRequest = Omit<z.infer<typeof packageBookingRequestSchema>, 'website'>;

/** The booking the popup asks for; type, amount, name and payment status come from the catalogue. */
export function packageBookingFrom(request: PackageBookingRequest): Booking {
  const item = findPackage(request.packageId);
  if (!item) throw badRequest('This package does not exist.', { packageId: 'Unknown package' });
  const paid = isPaidPackage(item);
  return {
    fullName: request.fullName,
    mobile: request.mobile,
    currentStage: currentStageOf(request),
    packageId: item.id,
    packageName: item.name,
    bookingType: paid ? 'investment' : 'discovery_call',
    amount: paid ? item.price : null,
    status: 'pending',
    paymentStatus: paid ? 'pending' : null,
    notes: '',
    source: 'package-popup',
    ...(request.attribution ? { attribution: request.attribution } : {}),
    ...consentOfSubmission('answer-request', request.whatsappOptIn),
  };
}

export async function createPackageBooking(request: PackageBookingRequest) {
  const booking = await bookings.create(packageBookingFrom(request));
  return { bookingType: booking.bookingType, booking };
}

export function decoyPackageBooking(request: PackageBookingRequest) {
  const booking = decoyRecord(packageBookingFrom(request));
  return { bookingType: booking.bookingType, booking };
}
