import type { Appointment } from '../../lib/schemas/appointment';
import type { InvoiceDocument } from '../../lib/schemas/invoice';
import type { PaymentRequest } from '../../lib/schemas/paymentRequest';
import { appointmentsWhere } from '../booking';
import type { ClientDocument } from '../../lib/schemas/clientDocument';
import { type Client, clients, documentsOf, readBrief } from '../clients';
import { documentsOfPayment } from '../invoices';
import { type Identity, type LeadRecord, identityOf, isPersonOf, leadRecordOf, leadRecordsOf } from '../leads';
import { keptPaymentIds } from './keptIndex';
import { paymentRequests } from '../paymentRequests';
import { reviewsOfSessions } from '../reviews';
import type { ReviewRecord } from '../../lib/schemas/review';

// Everything stored about one person (docs/privacy.md, "Rights"), found by the numbers and
// mailboxes that identify them: their lead records through the person index, their clients
// through their payments, their calls and sessions, payment requests and tax documents. What
// the my-data view shows, and what erasure starts from.

export interface PersonData {
  identity: Identity;
  leads: LeadRecord[];
  clients: Client[];
  appointments: Appointment[];
  paymentRequests: Array<PaymentRequest & { id: string; createdAt: string }>;
  documents: InvoiceDocument[];
  /** Each client's brief before their first session, and the documents shared with them (titles and dates). */
  coaching: Array<{
    clientId: string;
    brief: { answers: Record<string, string>; updatedAt: string } | null;
    documents: ClientDocument[];
  }>;
  /** Their reviews of their sessions (docs/decisions/0044-client-reviews-with-consent.md). */
  reviews: ReviewRecord[];
}

export { identityOf };

/** What every person's search reads whole (appointments, payment requests): read once for many people. */
export interface Shared {
  appointments: Appointment[];
  paymentRequests: PersonData['paymentRequests'];
}

export async function readShared(): Promise<Shared> {
  const [appointments, requests] = await Promise.all([appointmentsWhere(() => true), paymentRequests.all()]);
  return { appointments, paymentRequests: requests };
}

/** Everything stored about the person; `shared` when the caller looks at many people in one run. */
export async function findPersonData(identity: Identity, shared?: Shared): Promise<PersonData> {
  const indexed = await leadRecordsOf(identity);
  // Payments kept for the tax law after an erasure are out of the owner's search: found here.
  const keptIds = (await keptPaymentIds(identity)).filter((id) => !indexed.some((lead) => lead.id === id));
  const kept = await Promise.all(keptIds.map((id) => leadRecordOf('payment', id)));
  const leads = [...indexed, ...kept.filter((lead): lead is LeadRecord => lead !== null)];
  const paymentIds = leads.filter((lead) => lead.kind === 'payment').map((lead) => lead.id);
  const bookingIds = new Set(leads.filter((lead) => lead.kind === 'booking').map((lead) => lead.id));
  const [found, appointments, requests, documents] = await Promise.all([
    Promise.all(paymentIds.map((id) => clients.get(id))),
    (shared ? Promise.resolve(shared.appointments) : appointmentsWhere(() => true)).then((all) =>
      all.filter(
        (appointment) =>
          isPersonOf(appointment, identity) ||
          bookingIds.has(appointment.bookingId) ||
          (appointment.session !== undefined && paymentIds.includes(appointment.session.clientId)),
      ),
    ),
    (shared ? Promise.resolve(shared.paymentRequests) : paymentRequests.all()).then((all) =>
      all.filter((request) => isPersonOf(request, identity)),
    ),
    Promise.all(paymentIds.map((id) => documentsOfPayment(id))).then((lists) => lists.flat()),
  ]);
  const own = found.filter((client): client is Client => client !== null);
  const coaching = await Promise.all(
    own.map(async (client) => {
      const [brief, shared] = await Promise.all([readBrief(client.id), documentsOf(client.id)]);
      return { clientId: client.id, brief, documents: shared };
    }),
  );
  const reviews = await reviewsOfSessions(
    appointments.filter((appointment) => appointment.session).map((appointment) => appointment.id),
  );
  return {
    identity,
    leads,
    coaching,
    clients: own,
    appointments,
    paymentRequests: requests,
    documents,
    reviews,
  };
}
