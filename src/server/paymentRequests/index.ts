export { cancelPaymentRequest } from './cancel';
export { createPaymentRequest } from './create';
export { applyPaymentLinkEvent, isPaymentLinkEvent } from './linkEvents';
export { paymentLinkReceipt } from './receipt';
export { paymentRequests } from './store';
