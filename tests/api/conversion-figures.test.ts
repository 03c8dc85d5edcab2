import { describe, expect, test } from 'vitest';
import contactFn from '../../netlify/functions/contact.mts';
import leadSourcesFn from '../../netlify/functions/admin-lead-sources.mts';
import paymentRequestsFn from '../../netlify/functions/admin-payment-requests.mts';
import webhookFn from '../../netlify/functions/razorpay-webhook.mts';
import { OWNER_ADDED_SOURCE } from '../../src/lib/admin/leadSource';
import { findPackage } from '../../src/lib/packageCatalogue';
import type { LeadsBySourceAnswer } from '../../src/lib/schemas/notifications';
import { bookings } from '../../src/server/leads/bookings';
import { contacts } from '../../src/server/leads/contacts';
import { payments } from '../../src/server/leads/payments';
import { foldLeadSources } from '../../src/server/sources/leadSources';
import { adminCookie } from './support/admin';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { razorpayId } from './support/fake-razorpay';
import { bookPackage, startOrder, useFakeGateway, webhookDelivery } from './support/payments';

// 'Leads by source' adds up (docs/payments.md, "What converts"): a store seeded through the real
// handlers (leads from forms under several sources, the owner's payment requests for people with
// an earlier lead and for strangers, payments captured through the fake Razorpay), then every
// figure worked out again here from the stored records alone and compared with what the admin's
// API answers.
const gateway = useFakeGateway();

const instagram = { source: 'instagram', medium: 'social' };
const google = { source: 'google', medium: 'cpc' };
const mailing = { source: 'newsletter', medium: 'email' };
const DAY_MS = 86_400_000;

async function leadsBySource(days: number): Promise<LeadsBySourceAnswer> {
  const response = await call(leadSourcesFn, `/api/admin/leads-by-source?days=${days}`, {
    cookie: await adminCookie(),
  });
  expect(response.status).toBe(200);
  return jsonOf<LeadsBySourceAnswer>(response);
}

async function contactForm(name: string, phone: string, email: string, attribution?: Record<string, string>) {
  const response = await call(contactFn, '/api/contact', {
    body: { name, phone, email, whoIsThisFor: 'working-professional', ...(attribution ? { attribution } : {}) },
  });
  expect(response.status).toBe(201);
}

async function requestPayment(body: Record<string, unknown>): Promise<{ linkId: string; bookingId: string }> {
  const response = await call(paymentRequestsFn, '/api/admin/payment-requests', {
    body: { customerState: 'Karnataka', description: 'Career coaching, agreed fee', ...body },
    cookie: await adminCookie(),
  });
  expect(response.status).toBe(201);
  return (await jsonOf<{ request: { linkId: string; bookingId: string } }>(response)).request;
}

/** The customer pays the link at (fake) Razorpay, which sends its signed webhook. */
async function payLink(linkId: string) {
  const { delivery } = await gateway().payLink(linkId);
  const answer = await call(webhookFn, '/api/razorpay-webhook', {
    rawBody: delivery.rawBody,
    headers: delivery.headers,
    origin: null,
  });
  expect(answer.status).toBe(200);
}

// The figures again, from the records alone. A person is the records sharing a number (last 10
// digits) or a mailbox. A booking the owner's payment request made is no lead when its person had
// an earlier lead with a source, whose source its payments take; else it is a lead of its own,
// 'Added by the owner'. Every other record is a lead of the source its visit carried.
interface Lead {
  id: string;
  createdAt: string;
  phone: string | null;
  email: string | null;
  attribution: { source?: string; medium?: string } | undefined;
  byOwner: boolean;
}

const digits = (phone: string | null) => (phone ?? '').replace(/\D/g, '').slice(-10) || null;
const samePerson = (a: Lead, b: Lead) =>
  (digits(a.phone) !== null && digits(a.phone) === digits(b.phone)) ||
  (a.email !== null && a.email.toLowerCase() === b.email?.toLowerCase());
const keyOf = (attribution: { source?: string; medium?: string } | undefined) =>
  `${(attribution?.source || '(direct)').toLowerCase()}|${(attribution?.medium ?? '').toLowerCase()}`;

async function figuresFromRecords(since: string) {
  const leads: Lead[] = [
    ...(await contacts.all()).map((contact) => ({
      id: contact.id,
      createdAt: contact.createdAt,
      phone: contact.phone,
      email: contact.email,
      attribution: contact.attribution,
      byOwner: false,
    })),
    ...(await bookings.all()).map((booking) => ({
      id: booking.id,
      createdAt: booking.createdAt,
      phone: booking.mobile,
      email: booking.email ?? null,
      attribution: booking.attribution,
      byOwner: booking.source === 'payment-request',
    })),
  ];
  const sourceOf = new Map<string, { key: string; isLead: boolean }>();
  for (const lead of leads) {
    if (!lead.byOwner) {
      sourceOf.set(lead.id, { key: keyOf(lead.attribution), isLead: true });
      continue;
    }
    const earlier = leads
      .filter((other) => other.id !== lead.id && other.createdAt < lead.createdAt && samePerson(other, lead))
      .filter((other) => other.attribution !== undefined)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    sourceOf.set(
      lead.id,
      earlier
        ? { key: sourceOf.get(earlier.id)?.key ?? keyOf(earlier.attribution), isLead: false }
        : { key: keyOf({ source: OWNER_ADDED_SOURCE }), isLead: true },
    );
  }
  const rows = new Map<string, { leads: number; clients: Set<string>; revenue: number }>();
  const rowOf = (key: string) => rows.get(key) ?? rows.set(key, { leads: 0, clients: new Set(), revenue: 0 }).get(key)!;
  for (const lead of leads)
    if (sourceOf.get(lead.id)!.isLead && lead.createdAt >= since) rowOf(sourceOf.get(lead.id)!.key).leads += 1;
  const captured = (await payments.all())
    .filter((payment) => payment.status === 'captured')
    .sort((a, b) => a.paidAt!.localeCompare(b.paidAt!));
  const firstPaid = new Map<string, string>();
  for (const payment of captured) {
    if (!firstPaid.has(payment.bookingId)) firstPaid.set(payment.bookingId, payment.paidAt!);
    if (payment.paidAt! < since) continue;
    const row = rowOf(sourceOf.get(payment.bookingId)!.key);
    row.revenue += payment.amount;
    if (firstPaid.get(payment.bookingId)! >= since) row.clients.add(payment.bookingId);
  }
  const rate = (leads: number, clients: number) =>
    leads > 0 ? Math.round((Math.min(leads, clients) / leads) * 1000) / 10 : null;
  return [...rows.entries()]
    .map(([key, row]) => ({
      key,
      leads: row.leads,
      payingClients: row.clients.size,
      revenue: row.revenue,
      conversionRate: rate(row.leads, row.clients.size),
      unlimitedRate: row.leads > 0 ? (row.clients.size / row.leads) * 100 : null,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

const answered = (answer: LeadsBySourceAnswer) =>
  answer.rows
    .map((row) => ({
      key: `${row.source}|${row.medium ?? ''}`,
      leads: row.leads,
      payingClients: row.payingClients,
      revenue: row.revenue,
      conversionRate: row.conversionRate,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));

describe("'Leads by source' adds up", () => {
  test("every figure matches the stored records: an earlier lead's source gets its person's payment, strangers count under 'Added by the owner', no rate above 100%", async () => {
    // Two days ago two people signed up from the mailing list; today one more did.
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    for (const [name, phone] of [
      ['Old Reader One', '98450 66601'],
      ['Old Reader Two', '98450 66602'],
    ] as const)
      await contacts.create(
        {
          name,
          phone,
          email: `${phone.replace(/\D/g, '')}@example.com`,
          whoIsThisFor: 'working-professional',
          attribution: mailing,
        },
        twoDaysAgo,
      );
    await contactForm('New Reader', '98450 66603', 'new.reader@example.com', mailing);
    // Today's leads from the forms.
    await contactForm('Asha Kumar', '98450 55501', 'asha@example.com', instagram);
    await contactForm('Bala Subramanian', '98450 55502', 'bala@example.com', google);
    await contactForm('No Source', '98450 55507', 'nosource@example.com');
    await bookPackage('life-coaching', { fullName: 'Chitra Rao', mobile: '98450 55503', attribution: google });
    const { booking: devBooking } = await bookPackage('ascend-plus', {
      fullName: 'Dev Sharma',
      mobile: '98450 55504',
      email: 'dev@example.com',
      attribution: instagram,
    });
    await settleAfterResponse();

    // The owner's payment requests, none from a booking card: Asha by her number written another
    // way, Bala by his mailbox in capitals (another number), the two old readers, and two strangers.
    const requests = [
      await requestPayment({ name: 'Asha K', phone: '+91 98450-55501', amount: 12000 }),
      await requestPayment({ name: 'Bala S', phone: '98450 00002', email: 'BALA@example.com', amount: 9000 }),
      await requestPayment({ name: 'Old Reader One', phone: '9845066601', amount: 3000 }),
      await requestPayment({ name: 'Old Reader Two', phone: '98450 66602', amount: 3500 }),
      await requestPayment({ name: 'Esha Stranger', phone: '98450 55505', amount: 15000 }),
      await requestPayment({ name: 'Farid Stranger', phone: '98450 55506', amount: 4000 }),
    ];
    await settleAfterResponse();
    const [asha, bala, , , esha, farid] = requests;
    expect((await bookings.get(asha!.bookingId))?.attribution).toEqual(instagram);
    expect((await bookings.get(bala!.bookingId))?.attribution).toEqual(google);
    expect((await bookings.get(esha!.bookingId))?.attribution).toEqual({ source: OWNER_ADDED_SOURCE });
    expect((await bookings.get(farid!.bookingId))?.attribution).toEqual({ source: OWNER_ADDED_SOURCE });

    // Everyone but Farid pays their link; Dev pays at checkout.
    for (const request of requests.slice(0, 5)) await payLink(request.linkId);
    const order = await startOrder('ascend-plus', devBooking.id);
    const checkout = webhookDelivery('payment.captured', {
      id: razorpayId('pay'),
      order_id: order.orderId,
      amount: findPackage('ascend-plus')!.price * 100,
      status: 'captured',
    });
    expect(
      (
        await call(webhookFn, '/api/razorpay-webhook', {
          rawBody: checkout.rawBody,
          headers: checkout.headers,
          origin: null,
        })
      ).status,
    ).toBe(200);
    await settleAfterResponse();
    expect((await payments.all()).filter((payment) => payment.status === 'captured')).toHaveLength(6);

    const check = async (days: number) => {
      const answer = await leadsBySource(days);
      const expected = await figuresFromRecords(answer.since);
      expect(answered(answer)).toEqual(expected.map(({ unlimitedRate: _, ...row }) => row));
      for (const row of answer.rows) expect(row.conversionRate ?? 0).toBeLessThanOrEqual(100);
      expect(answer.totals.conversionRate ?? 0).toBeLessThanOrEqual(100);
      expect(answer.totals.leads).toBe(expected.reduce((sum, row) => sum + row.leads, 0));
      expect(answer.totals.payingClients).toBe(expected.reduce((sum, row) => sum + row.payingClients, 0));
      return { answer, expected };
    };

    const month = await check(30);
    const row = (key: string) => month.expected.find((candidate) => candidate.key === key);
    // Asha's payment is her Instagram lead's; Dev's checkout too: two leads, two clients.
    expect(row('instagram|social')).toMatchObject({ leads: 2, payingClients: 2, revenue: 12000 + 10599 });
    // Bala (found by his mailbox) paid; Chitra did not.
    expect(row('google|cpc')).toMatchObject({ leads: 2, payingClients: 1, revenue: 9000, conversionRate: 50 });
    // The strangers: two leads the owner added, one paid.
    expect(row(`${OWNER_ADDED_SOURCE}|`)).toMatchObject({ leads: 2, payingClients: 1, revenue: 15000 });
    expect(row('newsletter|email')).toMatchObject({ leads: 3, payingClients: 2, conversionRate: 66.7 });
    expect(row('(direct)|')).toMatchObject({ leads: 1, payingClients: 0 });
    expect(month.answer.totals).toMatchObject({ leads: 10, payingClients: 6, conversionRate: 60 });

    // Today alone: both old readers paid, but only one reader's lead came today. Two clients, one
    // lead: the rate stops at 100.
    const today = await check(1);
    const mailingToday = today.expected.find((candidate) => candidate.key === 'newsletter|email');
    expect(mailingToday).toMatchObject({ leads: 1, payingClients: 2, conversionRate: 100, unlimitedRate: 200 });

    // The minute job folds the tally; the figures stay.
    await foldLeadSources();
    await check(30);
    await check(1);
  }, 60_000);
});
