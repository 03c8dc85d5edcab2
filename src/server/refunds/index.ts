export { refundEffects } from './effects';
export { withRefunds } from './ledger';
export { requestRefund } from './request';
export { applyRefundEvent, isRefundEvent } from './webhook';
