import { whoIsThisForOptions } from '../schemas/contact';

// Words the owner reads for the stored codes, shared by the dashboard and the export.

export const bookingStatusLabels = {
  pending: 'Pending',
  contacted: 'Contacted',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;

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
