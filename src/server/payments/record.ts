import { paymentSchema } from '../../lib/schemas/payment';
import { defineCollection } from '../storage/collection';

// The payment records' store, named once. Features the lead pipeline itself runs (the
// receipt's client link) read a payment here: the lead collection in
// leads/payments.ts imports the pipeline, so reading through it from an effect would be a cycle.
export const PAYMENT_STORE = 'payments';

/** Payments, read-only: no lead hooks (writes go through leads/payments.ts). */
export const paymentRecords = defineCollection(PAYMENT_STORE, paymentSchema);
