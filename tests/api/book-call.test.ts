import { describe, expect, it } from 'vitest';
import bookCall, { config } from '../../netlify/functions/book-call.mts';
import bookingsApi from '../../netlify/functions/bookings.mts';
import { bookings } from '../../src/server/leads/bookings';
import { adminCookie } from './support/admin';
import { call, jsonOf } from './support/call';

const request = { name: 'Rohan Iyer', phone: '+91 98450 12345', background: 'college-graduate' };

describe('POST /api/book-call', () => {
  // A free call request is a booking: docs/decisions/0006-every-lead-is-stored.md.
  it('stores a pending discovery-call booking with the background label', async () => {
    const response = await call(bookCall, '/api/book-call', { body: { ...request, source: 'nav' } });
    expect(response.status).toBe(201);
    const { booking } = await jsonOf<{ booking: { id: string } }>(response);
    expect(await bookings.get(booking.id)).toMatchObject({
      fullName: 'Rohan Iyer',
      mobile: '+91 98450 12345',
      currentStage: 'College Graduate',
      packageName: 'Free Discovery Call',
      packageId: null,
      bookingType: 'discovery_call',
      amount: null,
      paymentStatus: null,
      status: 'pending',
      source: 'nav',
    });
  });

  // docs/decisions/0008-quiz-score-on-the-call-booking.md
  it('keeps the quiz score when the quiz opened the modal', async () => {
    const response = await call(bookCall, '/api/book-call', {
      body: { ...request, background: 'student-8-9', minor: false, source: 'quiz', quizScore: 42 },
    });
    const { booking } = await jsonOf<{ booking: { id: string } }>(response);
    expect(await bookings.get(booking.id)).toMatchObject({
      source: 'quiz',
      quizScore: 42,
      currentStage: 'Student in Class 8-9',
    });
  });

  it.each([
    ['student-10-12', 'Student in Class 10-12'],
    ['working-professional', 'Working Professional'],
  ])('labels background %s as %s', async (background, label) => {
    const { booking } = await jsonOf<{ booking: { currentStage: string; source: string } }>(
      await call(bookCall, '/api/book-call', { body: { ...request, background, minor: false } }),
    );
    expect(booking.currentStage).toBe(label);
    expect(booking.source).toBe('button');
  });

  it('ignores money and status sent by the browser', async () => {
    const response = await call(bookCall, '/api/book-call', {
      body: { ...request, amount: 99999, status: 'completed', bookingType: 'investment', packageId: 'ascend-plus' },
    });
    const { booking } = await jsonOf<{ booking: { id: string } }>(response);
    expect(await bookings.get(booking.id)).toMatchObject({
      amount: null,
      status: 'pending',
      bookingType: 'discovery_call',
      packageId: null,
    });
  });

  it('answers 400 naming every missing or bad field and stores nothing', async () => {
    const before = await bookings.count();
    const response = await call(bookCall, '/api/book-call', {
      body: { name: ' ', phone: '123', background: 'astronaut', quizScore: 140, source: '<x>' },
    });
    expect(response.status).toBe(400);
    const body = await jsonOf<{ error: string; fields: Record<string, string> }>(response);
    expect(Object.keys(body.fields).sort()).toEqual(['background', 'name', 'phone', 'quizScore', 'source']);
    expect(
      (await jsonOf<{ fields: Record<string, string> }>(await call(bookCall, '/api/book-call', { body: {} }))).fields,
    ).toMatchObject({
      name: 'Name is required',
      phone: 'Phone number is required',
      background: 'Choose your current background',
    });
    expect(await bookings.count()).toBe(before);
  });

  it('answers 415 for a form post and 405 for GET', async () => {
    expect(
      (
        await call(bookCall, '/api/book-call', {
          rawBody: 'name=a',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(415);
    expect((await call(bookCall, '/api/book-call')).status).toBe(405);
  });

  it('pretends to accept a filled honeypot but stores nothing', async () => {
    const before = await bookings.count();
    const response = await call(bookCall, '/api/book-call', { body: { ...request, website: 'https://spam.example' } });
    expect(response.status).toBe(201);
    expect((await jsonOf<{ booking: { id: string } }>(response)).booking.id).toMatch(/^\d{13}-[0-9a-f]{10}$/);
    expect(await bookings.count()).toBe(before);
  });

  it('declares a rate limit', () => {
    expect(config.rateLimit).toEqual({ windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  });

  it('shows up first in the admin bookings list', async () => {
    await call(bookCall, '/api/book-call', { body: { ...request, name: 'Newest Caller' } });
    const page = await jsonOf<{ items: { fullName: string }[] }>(
      await call(bookingsApi, '/api/bookings', { cookie: await adminCookie() }),
    );
    expect(page.items[0]?.fullName).toBe('Newest Caller');
  });
});
