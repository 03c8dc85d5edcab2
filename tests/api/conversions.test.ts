import { getStore } from '@netlify/blobs';
import { describe, expect, test } from 'vitest';
import leadSourcesFn from '../../netlify/functions/admin-lead-sources.mts';
import paymentRequestsFn from '../../netlify/functions/admin-payment-requests.mts';
import statsFn from '../../netlify/functions/admin-stats.mts';
import webhookFn from '../../netlify/functions/razorpay-webhook.mts';
import type { LeadsBySourceAnswer } from '../../src/lib/schemas/notifications';
import { bookings } from '../../src/server/leads/bookings';
import { payments } from '../../src/server/leads/payments';
import { LEAD_SOURCES_STORE, foldLeadSources } from '../../src/server/sources/leadSources';
import { adminCookie } from './support/admin';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { razorpayId } from './support/fake-razorpay';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { bookPackage, startOrder, useFakeGateway, webhookDelivery } from './support/payments';

// 'What converts' counted at write time: payments arrive as webhooks in separate processes
// at the same moment (separate function instances), and the figures are exact at once.
const gateway = useFakeGateway();

const google = { source: 'google', medium: 'cpc' };
const instagram = { source: 'instagram', medium: 'social' };
const linkedin = { source: 'linkedin', medium: 'social' };

async function leadsBySource(days: number): Promise<LeadsBySourceAnswer> {
  const response = await call(leadSourcesFn, `/api/admin/leads-by-source?days=${days}`, {
    cookie: await adminCookie(),
  });
  expect(response.status).toBe(200);
  return jsonOf<LeadsBySourceAnswer>(response);
}

async function lead(attribution: Record<string, string>) {
  const { booking } = await bookPackage('life-coaching', { attribution });
  return booking;
}

async function requestFor(booking: { id: string }, amount: number): Promise<{ linkId: string }> {
  const response = await call(paymentRequestsFn, '/api/admin/payment-requests', {
    body: {
      bookingId: booking.id,
      name: 'Priya Raman',
      phone: '98450 12345',
      amount,
      packageId: 'life-coaching',
      description: 'Life Coaching, agreed fee',
      customerState: 'Karnataka',
    },
    cookie: await adminCookie(),
  });
  expect(response.status).toBe(201);
  return (await jsonOf<{ request: { linkId: string } }>(response)).request;
}

const rowOf = (answer: LeadsBySourceAnswer, source: { source: string; medium: string }) =>
  answer.rows.find((row) => row.source === source.source && row.medium === source.medium);

describe('what converts', () => {
  test('after concurrent payments in separate processes: paying clients, revenue and rates per source and for the site, exact at once and after folding', async () => {
    // Leads: three from Google (two pay, one twice), one from Instagram, one LinkedIn package bought at checkout.
    const [googleA, googleB, , instagramA] = [
      await lead(google),
      await lead(google),
      await lead(google),
      await lead(instagram),
    ];
    const { booking: linkedinBooking } = await bookPackage('ascend-plus', { attribution: linkedin });
    const order = await startOrder('ascend-plus', linkedinBooking.id);
    const links = [
      await requestFor(googleA, 10000),
      await requestFor(googleB, 15000),
      await requestFor(instagramA, 8000),
      await requestFor(googleA, 2000),
    ];
    await settleAfterResponse();

    const deliveries = await Promise.all(links.map(async (link) => (await gateway().payLink(link.linkId)).delivery));
    const checkout = webhookDelivery('payment.captured', {
      id: razorpayId('pay'),
      order_id: order.orderId,
      amount: 1059900,
      status: 'captured',
    });
    // Razorpay delivers one payment again under another event id: it must count once.
    const again = {
      ...deliveries[0]!,
      headers: { ...deliveries[0]!.headers, 'x-razorpay-event-id': razorpayId('evt') },
    };
    const bundle = await bundleFunction('netlify/functions/razorpay-webhook.mts');
    const requests = [...deliveries, checkout, again].map((delivery) => ({
      url: `${SITE}/api/razorpay-webhook`,
      method: 'POST',
      headers: delivery.headers,
      body: delivery.rawBody,
    }));
    const answers = await callInParallelProcesses(bundle, requests);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.slice(0, 5).map((answer) => (answer.body as { status: string }).status)).toEqual([
      'processed',
      'processed',
      'processed',
      'processed',
      'processed',
    ]);
    expect(await bookings.get(googleA.id)).toMatchObject({ paymentStatus: 'paid' });
    // The payment delivered twice at once is stored once: googleA paid two requests, so two payments.
    const ofGoogleA = (await payments.all()).filter((payment) => payment.bookingId === googleA.id);
    expect(ofGoogleA.map((payment) => payment.amount).sort((a, b) => a - b)).toEqual([2000, 10000]);

    const expectFigures = (answer: LeadsBySourceAnswer) => {
      expect(rowOf(answer, google)).toMatchObject({ leads: 3, payingClients: 2, revenue: 27000, conversionRate: 66.7 });
      expect(rowOf(answer, instagram)).toMatchObject({
        leads: 1,
        payingClients: 1,
        revenue: 8000,
        conversionRate: 100,
      });
      expect(rowOf(answer, linkedin)).toMatchObject({
        leads: 1,
        payingClients: 1,
        revenue: 10599,
        conversionRate: 100,
      });
      expect(answer.totals).toEqual({
        leads: 5,
        payingClients: 4,
        revenue: 45599,
        refunded: 0,
        conversionRate: 80,
        callsBooked: 0,
        callsHeld: 0,
        callsNoShow: 0,
        noShowRate: null,
        remindersSent: 0,
        remindersRead: 0,
        reminderReadRate: null,
      });
      const today = new Date().toISOString().slice(0, 10);
      expect(answer.daily.at(-1)).toEqual({ date: today, leads: 5, payingClients: 4 });
      expect(answer.daily).toHaveLength(answer.days);
    };
    // The children finished their follow-up work before exiting: nothing is folded yet.
    expectFigures(await leadsBySource(30));
    expectFigures(await leadsBySource(90));

    // The minute job folds the changes; the figures stay.
    const folded = await foldLeadSources();
    expect(folded.folded).toBeGreaterThan(0);
    expectFigures(await leadsBySource(30));

    // Hours later (the tally no longer remembers which changes it folded) Razorpay confirms
    // two counted payments again under new event ids: still counted once.
    const store = getStore({ name: LEAD_SOURCES_STORE, consistency: 'strong' });
    const { blobs } = await store.list({ prefix: 'memory/' });
    expect(blobs.length).toBeGreaterThan(0);
    await Promise.all(blobs.map((blob) => store.delete(blob.key)));
    const late = webhookDelivery('payment.captured', {
      id: JSON.parse(checkout.rawBody).payload.payment.entity.id,
      order_id: order.orderId,
      amount: 1059900,
      status: 'captured',
    });
    const lateLink = {
      ...deliveries[1]!,
      headers: { ...deliveries[1]!.headers, 'x-razorpay-event-id': razorpayId('evt') },
    };
    for (const delivery of [late, lateLink]) {
      expect(
        (
          await call(webhookFn, '/api/razorpay-webhook', {
            rawBody: delivery.rawBody,
            headers: delivery.headers,
            origin: null,
          })
        ).status,
      ).toBe(200);
    }
    await settleAfterResponse();
    expectFigures(await leadsBySource(30));
    await foldLeadSources();
    expectFigures(await leadsBySource(30));
  }, 90_000);

  test("the owner's recount counts a captured payment whose count was lost, once, and leaves counted ones alone", async () => {
    const newsletter = { source: 'newsletter-recount', medium: 'email' };
    const counted = await lead(newsletter);
    const lost = await lead(newsletter);
    const link = await requestFor(counted, 5000);
    await settleAfterResponse();
    const { delivery } = await gateway().payLink(link.linkId);
    expect(
      (
        await call(webhookFn, '/api/razorpay-webhook', {
          rawBody: delivery.rawBody,
          headers: delivery.headers,
          origin: null,
        })
      ).status,
    ).toBe(200);
    await settleAfterResponse();
    // A payment stored without its follow-up's counting (as one whose event failed for good, or one
    // stored before what converts was counted): 'announce: false' stores it with no lead event.
    const paidAt = new Date();
    await payments.create(
      {
        bookingId: lost.id,
        packageId: 'life-coaching',
        packageName: 'Life Coaching',
        customerName: 'Lost Count',
        customerEmail: null,
        customerPhone: '98450 99999',
        amount: 7000,
        amountPaise: 700000,
        currency: 'INR',
        status: 'captured',
        razorpayOrderId: razorpayId('order'),
        razorpayPaymentId: razorpayId('pay'),
        confirmedBy: 'webhook',
        failureReason: null,
        paidAt: paidAt.toISOString(),
      },
      paidAt,
      { announce: false },
    );
    expect(rowOf(await leadsBySource(30), newsletter)).toMatchObject({
      leads: 2,
      payingClients: 1,
      revenue: 5000,
      conversionRate: 50,
    });

    const recount = async () => {
      const response = await call(statsFn, '/api/admin/stats/recount', { method: 'POST', cookie: await adminCookie() });
      expect(response.status).toBe(200);
      return jsonOf<{ capturedPayments: number }>(response);
    };
    expect((await recount()).capturedPayments).toBeGreaterThanOrEqual(2);
    const after = rowOf(await leadsBySource(30), newsletter);
    expect(after).toMatchObject({ leads: 2, payingClients: 2, revenue: 12000, conversionRate: 100 });
    // Again, and after folding: the same.
    await recount();
    expect(rowOf(await leadsBySource(30), newsletter)).toEqual(after);
    await foldLeadSources();
    expect(rowOf(await leadsBySource(30), newsletter)).toEqual(after);
  }, 60_000);
});
