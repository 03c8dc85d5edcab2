export { refundEffects } from './effects';
export { withRefunds } from './ledger';
export { requestRefund } from './request';
export { statementOfPayment } from './statement';
export { applyRefundEvent, isRefundEvent } from './webhook';
