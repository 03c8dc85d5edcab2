import { z } from './zod';
import { attributionSchema } from './attribution';
import { notificationKinds } from './notifications';

/**
 * What the owner (and the visitor) are told about one lead or payment: the facts the
 * templates need, taken from the stored record. No secrets: a payment carries its id
 * and amount, never a signature or card details. Stored inside a lead's follow-up event
 * (src/server/followUp), so it is a schema, checked again when the event is read back.
 */
export const leadEventSchema = z.object({
  kind: z.enum(notificationKinds),
  /** The stored record's id (a payment's own id for payment events). */
  leadId: z.string(),
  at: z.string(),
  person: z.object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  /** What they chose, in the owner's words. */
  choice: z.string(),
  /** Further facts worth a line each. */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  attribution: attributionSchema.nullable(),
  /** Resource downloads: what the visitor's e-mail links to. */
  download: z.object({ resourceId: z.string(), title: z.string() }).optional(),
  /** Payments: the receipt's facts. */
  payment: z
    .object({
      packageName: z.string(),
      amount: z.number(),
      paymentId: z.string().nullable(),
      bookingId: z.string(),
      failureReason: z.string().nullable(),
      /** A captured payment's client space, added when the receipt is queued (clients/receiptExtras.ts). */
      clientSpaceUrl: z.string().optional(),
      /** A captured payment's invoice or receipt, attached to the receipt mail as a PDF (clients/receiptExtras.ts). */
      invoice: z.object({ documentId: z.string(), serial: z.string(), title: z.string() }).optional(),
      /** How many sessions the payment bought (added with the client space). */
      sessions: z.number().int().min(0).optional(),
      /** The payer's WhatsApp number when their booking holds their consent (clients/receiptExtras.ts): the receipt also goes there. */
      whatsappTo: z.string().optional(),
    })
    .optional(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;
