export { gatewayKeys, webhookSecret } from './config';
export { confirmPayment, recordFailure } from './confirm';
export { startPayment } from './create-order';
export { announcePayment } from './notices';
export { paymentForOrder, recordIdForRazorpayPayment, rememberOrder } from './orders';
export { createPackageBooking, decoyPackageBooking, packageBookingFrom } from './package-booking';
export {
  GatewayError,
  TIMEOUT_MS,
  cancelRazorpayPaymentLink,
  createRazorpayPaymentLink,
  createRazorpayRefund,
  fetchRazorpayPaymentLink,
} from './razorpay-client';
export { paymentReceipt } from './receipt';
export { signaturesMatch, webhookSignature } from './signatures';
export { bookingPaymentStatusAfter } from './transitions';
export { verifyPayment } from './verify';
export { eventKey, razorpayClaims } from './webhookClaims';
export { type WebhookOutcome } from './webhookOutcome';
