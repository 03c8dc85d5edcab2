import { describe, expect, it } from 'vitest';
import newsletter, { config } from '../../netlify/functions/newsletter.mts';
import { subscribers } from '../../src/server/leads/subscribers';
import { adminCookie } from './support/admin';
import { call, jsonOf } from './support/call';

const emailsStored = async () => (await subscribers.all()).map((item) => item.email);

describe('POST /api/newsletter', () => {
  it('subscribes an e-mail for real, stored lower-cased', async () => {
    const response = await call(newsletter, '/api/newsletter', { body: { email: '  Kavya.Rao@Example.com ' } });
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({ subscribed: true });
    expect(await emailsStored()).toContain('kavya.rao@example.com');
  });

  it('treats a duplicate (any case) as success without storing it twice', async () => {
    await call(newsletter, '/api/newsletter', { body: { email: 'dup@example.com' } });
    const before = await subscribers.count();
    const again = await call(newsletter, '/api/newsletter', { body: { email: 'DUP@example.COM' } });
    expect(again.status).toBe(200);
    expect(await jsonOf(again)).toEqual({ subscribed: true });
    expect(await subscribers.count()).toBe(before);
    expect((await emailsStored()).filter((email) => email === 'dup@example.com')).toHaveLength(1);
  });

  it('stores one subscriber when the same e-mail is posted 25 times at once', async () => {
    const before = await subscribers.count();
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        call(newsletter, '/api/newsletter', { body: { email: n % 2 ? 'race@example.com' : 'RACE@example.com' } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(25).fill(200));
    expect(await subscribers.count()).toBe(before + 1);
  });

  it('stores every distinct e-mail posted at once', async () => {
    const before = await subscribers.count();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        call(newsletter, '/api/newsletter', { body: { email: `reader${n}@example.com` } }),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await subscribers.count()).toBe(before + 40);
  });

  it('answers 400 naming email for a bad or missing address', async () => {
    for (const body of [{ email: 'not-an-email' }, {}, { email: 'x'.repeat(250) + '@example.com' }]) {
      const response = await call(newsletter, '/api/newsletter', { body });
      expect(response.status).toBe(400);
      expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty('email');
    }
  });

  it('pretends to accept a filled honeypot but stores nothing', async () => {
    const before = await subscribers.count();
    const response = await call(newsletter, '/api/newsletter', { body: { email: 'bot@example.com', website: 'spam' } });
    expect(response.status).toBe(200);
    expect(await subscribers.count()).toBe(before);
    expect(await emailsStored()).not.toContain('bot@example.com');
  });

  it('declares a rate limit', () => {
    expect(config.rateLimit).toEqual({ windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  });
});

describe('GET /api/newsletter', () => {
  it('answers 401 without a session', async () => {
    expect((await call(newsletter, '/api/newsletter')).status).toBe(401);
  });

  it('lists subscribers newest first for an admin, paginated', async () => {
    await call(newsletter, '/api/newsletter', { body: { email: 'older@example.com' } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(newsletter, '/api/newsletter', { body: { email: 'newest@example.com' } });
    const cookie = await adminCookie();
    const page = await jsonOf<{
      items: { email: string; createdAt: string }[];
      nextCursor: string | null;
      total: number;
    }>(await call(newsletter, '/api/newsletter?limit=2', { cookie }));
    expect(page.items.map((item) => item.email)).toEqual(['newest@example.com', 'older@example.com']);
    expect(page.nextCursor).not.toBeNull();
    expect(page.total).toBe(await subscribers.count());
    expect((await call(newsletter, '/api/newsletter?limit=0', { cookie })).status).toBe(400);
  });
});
