// The toasts for booking and paying, in one place for the popup and the checkout page.
export const messages = {
  bookingFailed: { title: 'Booking Failed', description: 'Something went wrong. Please try again.' },
  paymentSuccessful: {
    title: 'Payment Successful!',
    description: "Thank you for your investment. You'll receive program details shortly.",
  },
  paymentAuthorised: {
    title: 'Payment Received',
    description: "Your bank has approved the payment. We'll confirm it within a few minutes.",
  },
  verificationFailed: {
    title: 'Payment Verification Failed',
    description: 'Please contact support with your payment details.',
  },
  cancelled: { title: 'Payment Cancelled', description: 'You can try again anytime.' },
  gatewayError: { title: 'Payment Gateway Error', description: 'Failed to load payment gateway. Please try again.' },
  setupFailed: { title: 'Payment Setup Failed', description: 'Unable to initialize payment. Please try again.' },
  stateMissing: {
    title: 'Choose your state',
    description: 'Your GST invoice names the state you are in (place of supply).',
  },
} as const;

/** The redirect after a verified payment waits 2 seconds so the toast can be read. */
export const REDIRECT_AFTER_PAYMENT_MS = 2000;

/** The thank-you page looks the payment up itself; the link carries no amount to trust. */
export function thankYouUrl(receipt: { orderId: string; paymentId: string }): string {
  const query = new URLSearchParams({ type: 'investment', order: receipt.orderId, payment: receipt.paymentId });
  return `/thank-you?${query}`;
}

export const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;
