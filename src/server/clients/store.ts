import { LONGEST_SESSION_MINUTES, findPackage } from '../../lib/packageCatalogue';
import { type ClientData, clientSchema } from '../../lib/schemas/client';
import { paymentRequests } from '../paymentRequests';
import { payments } from '../leads';
import { defineCollection } from '../storage/collection';

// A client per captured payment (docs/payments.md), stored under the payment record's own id: the
// same payment always gives the same client, and a create-only insert makes it once however
// many effects, retries or instances ask. Sessions bought and seats used live on the record,
// changed only by conditional writes (collection.update), so two bookings of the last
// session cannot both take it.

export const clients = defineCollection('clients', clientSchema);
export type Client = NonNullable<Awaited<ReturnType<typeof clients.get>>>;

export function sessionsLeft(client: ClientData): number {
  return client.endedAt ? 0 : Math.max(0, client.sessionsTotal - client.seats.length);
}

export const readClient = (clientId: string): Promise<Client | null> => clients.get(clientId);

/** The client a payment made, or null when it has none yet. */
export const clientOfPayment = (paymentId: string): Promise<Client | null> => clients.get(paymentId);

/** What a captured payment bought: the request's agreed sessions when it named them, else the package's. */
async function purchaseOf(payment: NonNullable<Awaited<ReturnType<typeof payments.get>>>) {
  const request = payment.paymentRequestId ? await paymentRequests.get(payment.paymentRequestId) : null;
  const item = findPackage(request ? (request.packageId ?? '') : payment.packageId);
  return {
    packageId: item?.id ?? null,
    sessionsTotal: request?.sessions ?? item?.sessions ?? 0,
    sessionMinutes: item?.sessionMinutes ?? LONGEST_SESSION_MINUTES,
  };
}

/** The payment's client, made on first call (idempotent); throws for a payment not captured. */
export async function ensureClient(paymentId: string): Promise<Client> {
  const existing = await clients.get(paymentId);
  if (existing) return existing;
  const payment = await payments.get(paymentId);
  if (!payment || payment.status !== 'captured')
    throw new Error(`Payment ${paymentId} is not a captured payment: no client for it`);
  const purchase = await purchaseOf(payment);
  const { record, created } = await clients.insert(
    paymentId,
    {
      paymentId,
      ...purchase,
      packageName: payment.packageName,
      name: payment.customerName,
      phone: payment.customerPhone,
      email: payment.customerEmail,
      seats: [],
      endedAt: null,
    },
    new Date(payment.paidAt ?? payment.createdAt),
  );
  if (created) return record;
  const stored = await clients.get(paymentId);
  if (!stored) throw new Error(`The client of payment ${paymentId} could not be read back`);
  return stored;
}
