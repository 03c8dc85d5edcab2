import { paymentRow } from '../../lib/admin/customerExport';
import { paymentSchema } from '../../lib/schemas/payment';
import { paymentProfile } from './profiles';
import { type LeadKindDefinition, defineLeadCollection } from './leadCollection';

/** The payment records' store, named once. */
export const PAYMENT_STORE = 'payments';

// A payment is announced by its outcome (src/server/payments/notices.ts), not when it is created.
export const paymentKind = {
  ...paymentProfile,
  store: PAYMENT_STORE,
  schema: paymentSchema,
  exportRow: paymentRow,
} satisfies LeadKindDefinition<typeof paymentSchema>;

export const payments = defineLeadCollection(paymentKind);
