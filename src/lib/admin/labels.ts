import { whoIsThisForOptions } from '../contactAudiences';
import type { bookingStatuses } from '../schemas/booking';

type BookingStatus = (typeof bookingStatuses)[number];

// Words the owner reads for the stored codes, shared by the dashboard and the export.

// `satisfies` ties these to the booking schema's statuses: adding one there fails the
// type check here until it has a label (the schema module itself stays out of the admin's
// bundle, which would otherwise load zod before the first tile).
export const bookingStatusLabels = {
  pending: 'Pending',
  contacted: 'Contacted',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const satisfies Record<BookingStatus, string>;

/** The dropdown's choices, in the schema's order. */
export const bookingStatusChoices = Object.keys(bookingStatusLabels) as BookingStatus[];

export const bookingTypeLabels = {
  discovery_call: 'Discovery call',
  investment: 'Package purchase',
} as const;

export const bookingPaymentLabels = {
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
} as const;

export const paymentStatusLabels = {
  created: 'Awaiting payment',
  captured: 'Paid',
  failed: 'Failed',
} as const;

function labelOf<T extends Record<string, string>>(labels: T, code: string | null | undefined): string {
  if (!code) return '';
  return (labels as Record<string, string>)[code] ?? code;
}

export const bookingStatusLabel = (code: string | null | undefined) => labelOf(bookingStatusLabels, code);
export const bookingTypeLabel = (code: string | null | undefined) => labelOf(bookingTypeLabels, code);
export const bookingPaymentLabel = (code: string | null | undefined) => labelOf(bookingPaymentLabels, code);
export const paymentStatusLabel = (code: string | null | undefined) => labelOf(paymentStatusLabels, code);

export function audienceLabel(code: string | null | undefined): string {
  return whoIsThisForOptions.find((option) => option.value === code)?.label ?? code ?? '';
}
