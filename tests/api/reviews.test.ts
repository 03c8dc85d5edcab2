import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import adminClientsFn from '../../netlify/functions/admin-clients.mts';
import adminPrivacyFn from '../../netlify/functions/admin-privacy.mts';
import adminReviewsFn from '../../netlify/functions/admin-reviews.mts';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import reviewsFn from '../../netlify/functions/reviews.mts';
import verifyFn from '../../netlify/functions/verify-payment.mts';
import type { Appointment } from '../../src/lib/schemas/appointment';
import type { AdminReviewsAnswer, PublicReviewsAnswer, ReviewRecord } from '../../src/lib/schemas/review';
import { readAppointmentForUpdate, replaceAppointment } from '../../src/server/booking/store';
import { signedLinkToken } from '../../src/server/booking/secrets';
import { bookSession, currentSessionSlots } from '../../src/server/clients/sessions';
import { readClient } from '../../src/server/clients/store';
import { entriesWithIds, entryIds } from '../../src/server/notifications/outbox';
import { readReview } from '../../src/server/reviews/store';
import { findPersonData, identityOf } from '../../src/server/privacy/find';
import { recordsOf } from '../../src/server/privacy/view';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { useFakeWhatsApp } from './support/fake-whatsapp';
import { OWNER_ADDRESS } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { buyerPays, useFakeGateway } from './support/payments';

// Reviews after a held session (docs/decisions/0044-client-reviews-with-consent.md) through the
// real handlers, a real Blobs server, a real SMTP server, the fake Razorpay and the fake WhatsApp:
// one request per held session, the review through its signed link, the owner's approval, and
// what visitors see. Nothing a client typed ever goes into a message.

const gateway = useFakeGateway();
const mail = useMailReceivers();
const whatsapp = useFakeWhatsApp();
const HOUR = 3_600_000;
let cookie: string;

beforeAll(async () => {
  cookie = await adminCookie();
  await openAllDay(cookie);
});
beforeEach(() => {
  mail.smtp.mails.length = 0;
});

interface HeldSession {
  clientId: string;
  email: string;
  phone: string;
  session: Appointment;
}

let buyers = 0;
const usedStarts = new Set<string>();

/** A client who paid (Checkout and verify) and a session of theirs that started hours ago, not marked yet. */
async function pastSession(name = 'Priya Sharma'): Promise<HeldSession> {
  buyers += 1;
  const email = `reviewer.${buyers}.${Date.now()}@example.com`;
  const phone = `98451 6${String(buyers).padStart(4, '0')}`;
  const ordered = await call(createOrderFn, '/api/create-razorpay-order', {
    body: {
      packageId: 'ascend-plus',
      customerName: name,
      customerEmail: email,
      customerPhone: phone,
      customerState: 'Karnataka',
    },
  });
  expect(ordered.status).toBe(201);
  const { orderId } = await jsonOf<{ orderId: string }>(ordered);
  expect((await call(verifyFn, '/api/verify-payment', { body: buyerPays(gateway(), orderId) })).status).toBe(200);
  await settleAfterResponse();
  const receipt = mail.smtp.mails.find((message) => message.to.includes(email));
  const url = /Book your sessions: (\S+)/.exec(receipt?.text ?? '')?.[1];
  expect(url, 'the receipt links the client space').toBeDefined();
  const clientId = new URL(url!).pathname.split('/')[2]!;
  // Booked as the client would have booked it a day before, so it has started by now.
  const then = new Date(Date.now() - 30 * HOUR);
  const start = (await currentSessionSlots(then, 90)).slots
    .filter((slot) => Date.parse(slot.start) <= Date.now() - 2 * HOUR && !usedStarts.has(slot.start))
    .map((slot) => slot.start)
    .filter((candidate) =>
      [...usedStarts].every((used) => Math.abs(Date.parse(used) - Date.parse(candidate)) >= 2 * HOUR),
    )
    .at(-1);
  expect(start, 'a free past session start').toBeDefined();
  usedStarts.add(start!);
  const session = await bookSession((await readClient(clientId))!, start!, then);
  mail.smtp.mails.length = 0;
  return { clientId, email, phone, session };
}

const mark = (id: string, outcome: 'held' | 'no-show') =>
  call(adminClientsFn, `/api/admin/sessions/${id}/outcome`, { cookie, body: { outcome }, params: { id } });

async function markHeld(id: string): Promise<void> {
  expect((await mark(id, 'held')).status).toBe(200);
  await settleAfterResponse();
}

const requestMails = (email: string) =>
  mail.smtp.mails.filter((message) => message.to.includes(email) && message.subject.startsWith('How was your session'));

/** The review link of the one request mail the client got. */
async function linkOf(held: HeldSession): Promise<{ id: string; token: string }> {
  const [request] = requestMails(held.email);
  expect(request, 'the review request mail').toBeDefined();
  const url = /Leave a review: (\S+)/.exec(request!.text)?.[1];
  expect(url).toMatch(new RegExp(`^${SITE}/review/${held.session.id}\\?token=[A-Za-z0-9_-]{43}$`));
  const link = new URL(url!);
  return { id: link.pathname.split('/')[2]!, token: link.searchParams.get('token')! };
}

const post = (body: unknown) => call(reviewsFn, '/api/reviews', { body });
const review = (link: { id: string; token: string }, extra: Record<string, unknown> = {}) =>
  post({ sessionId: link.id, token: link.token, rating: 4, text: 'Clear and kind advice.', publish: true, ...extra });

const decide = (id: string, what: 'approve' | 'hide', withCookie = true) =>
  call(adminReviewsFn, `/api/admin/reviews/${id}/${what}`, {
    method: 'POST',
    params: { id },
    ...(withCookie ? { cookie } : {}),
  });

async function publicAnswer(): Promise<PublicReviewsAnswer> {
  const response = await call(reviewsFn, '/api/reviews');
  expect(response.status).toBe(200);
  return jsonOf<PublicReviewsAnswer>(response);
}

/** A held session reviewed through its link: its stored review. */
async function reviewed(name: string, extra: Record<string, unknown>): Promise<ReviewRecord> {
  const held = await pastSession(name);
  await markHeld(held.session.id);
  expect((await review(await linkOf(held), extra)).status).toBe(201);
  return (await readReview(held.session.id))!;
}

describe('the request after a held session', () => {
  test('marking held sends one request with the link; held again, no-show then held: none more', async () => {
    const held = await pastSession();
    await markHeld(held.session.id);
    expect(requestMails(held.email)).toHaveLength(1);
    const link = await linkOf(held);
    expect(link.id).toBe(held.session.id);
    // Our words and a plain name only (docs/decisions/0028): the mail greets Priya Sharma by name.
    expect(requestMails(held.email)[0]!.text).toContain('Dear Priya Sharma,');

    mail.smtp.mails.length = 0;
    await markHeld(held.session.id);
    expect((await mark(held.session.id, 'no-show')).status).toBe(200);
    await markHeld(held.session.id);
    expect(requestMails(held.email)).toHaveLength(0);
    expect((await entryIds()).filter((id) => id.startsWith(`${held.session.id}.review-request.`))).toEqual([
      `${held.session.id}.review-request.visitor-email`,
    ]);
  });

  test('a no-show asks for no review; WhatsApp goes too when the session holds the consent', async () => {
    const missed = await pastSession();
    expect((await mark(missed.session.id, 'no-show')).status).toBe(200);
    await settleAfterResponse();
    expect(requestMails(missed.email)).toHaveLength(0);
    expect((await entryIds()).some((id) => id.startsWith(`${missed.session.id}.review-request.`))).toBe(false);

    const held = await pastSession();
    const found = await readAppointmentForUpdate(held.session.id);
    const consent = { at: new Date().toISOString(), words: 'Send me updates on WhatsApp' };
    expect(await replaceAppointment({ ...found!.appointment, whatsappConsent: consent }, found!.etag)).toBe(true);
    await markHeld(held.session.id);
    expect(requestMails(held.email)).toHaveLength(1);
    const sent = whatsapp().messages.filter((message) => message.template?.name === 'ccc_review_request');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(`91${held.phone.replace(/\D/g, '').slice(-10)}`);
    expect(sent[0]!.bodyTexts).toEqual(['Priya Sharma']);
  });
});

describe('POST /api/reviews', () => {
  test('a wrong token, a token of another purpose or an unknown session: 404; not held: 409', async () => {
    const held = await pastSession();
    const token = await signedLinkToken('review', held.session.id);
    const valid = { id: held.session.id, token };
    // Not marked yet, then a no-show: not held, so no review.
    expect((await review(valid)).status).toBe(409);
    expect((await mark(held.session.id, 'no-show')).status).toBe(200);
    await settleAfterResponse();
    expect((await review(valid)).status).toBe(409);

    await markHeld(held.session.id);
    const wrong = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await review({ id: held.session.id, token: wrong })).status).toBe(404);
    const clientToken = await signedLinkToken('client', held.session.id);
    expect((await review({ id: held.session.id, token: clientToken })).status).toBe(404);
    const unknown = '1795660296427-0a1b2c3d4e';
    expect((await review({ id: unknown, token: await signedLinkToken('review', unknown) })).status).toBe(404);
    expect(await readReview(held.session.id)).toBeNull();

    expect((await review(valid)).status).toBe(201);
  });

  test('each field checked and named: rating 1-5, plain text of 1-1000 characters, publish a boolean; nothing stored', async () => {
    const held = await pastSession();
    await markHeld(held.session.id);
    const link = await linkOf(held);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rating: 6 }, 'rating'],
      [{ rating: 3.5 }, 'rating'],
      [{ rating: '4' }, 'rating'],
      [{ text: '' }, 'text'],
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(1001) }, 'text'],
      [{ text: 'Great\u200Bsession' }, 'text'],
      [{ text: 'Great \u202Enoisses' }, 'text'],
      [{ text: 'Great\u0007' }, 'text'],
      [{ publish: 'yes' }, 'publish'],
      [{ extra: 1 }, ''],
    ];
    for (const [change, field] of cases) {
      const response = await review(link, change);
      expect(response.status, JSON.stringify(change)).toBe(400);
      const body = await jsonOf<{ fields: Record<string, string> }>(response);
      if (field) expect(Object.keys(body.fields), JSON.stringify(change)).toContain(field);
    }
    expect(await readReview(held.session.id)).toBeNull();
    // A few lines are fine.
    expect((await review(link, { text: 'Line one.\r\nLine two.' })).status).toBe(201);
    expect((await readReview(held.session.id))?.text).toBe('Line one.\nLine two.');
  });

  test('one review per session; the published name is computed by the server; the owner is told without the text', async () => {
    const held = await pastSession('Priya Sharma');
    await markHeld(held.session.id);
    const link = await linkOf(held);
    const typed = 'zqxreviewmarker: she helped me choose between two offers.';
    const first = await review(link, { rating: 4, text: typed, publish: true, name: 'Someone Else' });
    // The browser cannot name itself: an unknown field is refused.
    expect(first.status).toBe(400);
    expect((await review(link, { rating: 4, text: typed, publish: true })).status).toBe(201);
    expect((await review(link, { rating: 5, text: 'Again', publish: true })).status).toBe(409);

    const stored = await readReview(held.session.id);
    expect(stored).toMatchObject({
      id: held.session.id,
      clientId: held.clientId,
      rating: 4,
      text: typed,
      publish: true,
      name: 'Priya S.',
      status: 'pending',
    });
    await settleAfterResponse();
    const notice = mail.smtp.mails.filter((message) => message.to.includes(OWNER_ADDRESS));
    expect(notice.map((message) => message.subject)).toContain('A new review (4/5) from Priya S. awaits approval');

    // No message in the outbox, sent or not, carries what the client typed.
    const entries = await entriesWithIds(await entryIds());
    expect(entries.some((entry) => entry.kind === 'review-received')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('zqxreviewmarker');
    expect(mail.smtp.mails.some((message) => `${message.text}${message.html}`.includes('zqxreviewmarker'))).toBe(false);
  });
});

describe('approval and what visitors see', () => {
  test('pending, private and hidden reviews are never shown; approved publishable ones are, with their count and average', async () => {
    expect(await publicAnswer()).toEqual({ count: 0, average: null, reviews: [] });
    const five = await reviewed('Asha Rao', { rating: 5, text: 'zqxfive Wonderful.', publish: true });
    const four = await reviewed('Meera', { rating: 4, text: 'zqxfour Helpful.', publish: true });
    const secret = await reviewed('Ravi Kumar', { rating: 1, text: 'zqxprivate Not for the site.', publish: false });
    const hidden = await reviewed('Kiran Das', { rating: 2, text: 'zqxhidden Hidden.', publish: true });

    // Pending: nothing public yet.
    expect(await publicAnswer()).toEqual({ count: 0, average: null, reviews: [] });

    // The owner only.
    expect((await call(adminReviewsFn, '/api/admin/reviews')).status).toBe(401);
    expect((await decide(five.id, 'approve', false)).status).toBe(401);
    const listed = await call(adminReviewsFn, '/api/admin/reviews', { cookie });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const { items } = await jsonOf<AdminReviewsAnswer>(listed);
    expect(items.map((item) => item.id).slice(0, 4)).toEqual([hidden.id, secret.id, four.id, five.id]);
    expect(items.every((item) => item.status === 'pending')).toBe(true);

    for (const id of [five.id, four.id, secret.id, hidden.id]) expect((await decide(id, 'approve')).status).toBe(200);
    expect((await decide(hidden.id, 'hide')).status).toBe(200);
    expect((await readReview(hidden.id))?.status).toBe('hidden');
    expect((await decide('1795660296427-0a1b2c3d4e', 'approve')).status).toBe(404);
    expect((await decide('not-an-id', 'approve')).status).toBe(400);

    const response = await call(reviewsFn, '/api/reviews');
    expect(response.headers.get('netlify-cache-tag')).toBe('reviews');
    expect(response.headers.get('netlify-cdn-cache-control')).toContain('max-age=60');
    const shown = await jsonOf<PublicReviewsAnswer>(response);
    expect(shown).toEqual({
      count: 2,
      average: 4.5,
      reviews: [
        { name: 'Meera', rating: 4, text: 'zqxfour Helpful.', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
        { name: 'Asha R.', rating: 5, text: 'zqxfive Wonderful.', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      ],
    });
    const text = JSON.stringify(shown);
    expect(text).not.toContain('zqxprivate');
    expect(text).not.toContain('zqxhidden');

    // Hiding an approved review takes it out of the figures too.
    expect((await decide(four.id, 'hide')).status).toBe(200);
    expect(await publicAnswer()).toMatchObject({ count: 1, average: 5, reviews: [{ name: 'Asha R.' }] });
    expect((await decide(four.id, 'approve')).status).toBe(200);
    expect((await publicAnswer()).count).toBe(2);
  });
});

describe('erasure', () => {
  test('erasing the person removes their reviews, and they leave what visitors see', async () => {
    const held = await pastSession('Nisha Verma');
    await markHeld(held.session.id);
    expect((await review(await linkOf(held), { rating: 5, text: 'zqxerase Lovely.', publish: true })).status).toBe(201);
    expect((await decide(held.session.id, 'approve')).status).toBe(200);
    expect(JSON.stringify(await publicAnswer())).toContain('zqxerase');

    // Their my-data view and export list the review.
    const before = await findPersonData(identityOf({ phone: null, email: held.email }));
    expect(before.reviews.map((each) => each.id)).toEqual([held.session.id]);
    expect(recordsOf(before).find((record) => record.kind === 'review')?.fields).toMatchObject({
      rating: '5',
      text: 'zqxerase Lovely.',
      name: 'Nisha V.',
      publish: 'true',
    });

    const erased = await call(adminPrivacyFn, '/api/admin/privacy/erase', { cookie, body: { email: held.email } });
    expect(erased.status).toBe(202);
    await settleAfterResponse();
    expect(await readReview(held.session.id)).toBeNull();
    expect(JSON.stringify(await publicAnswer())).not.toContain('zqxerase');
  });
});
