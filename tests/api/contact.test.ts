import { setEnvironmentContext } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import contact from '../../netlify/functions/contact.mts';
import { contacts } from '../../src/server/leads/contacts';
import { adminCookie } from './support/admin';
import { blobsContext } from './support/blobs-server';
import { call, jsonOf } from './support/call';
import { lettersOf } from '../support/names';

const lead = {
  name: 'Priya Nair',
  email: 'priya@example.com',
  phone: '98450 12345',
  whoIsThisFor: 'working-professional',
};

describe('POST /api/contact', () => {
  it('stores a valid lead and answers 201', async () => {
    const response = await call(contact, '/api/contact', { body: lead });
    expect(response.status).toBe(201);
    const { contact: stored } = await jsonOf<{ contact: { id: string; name: string } }>(response);
    expect(stored.name).toBe('Priya Nair');
    expect(await contacts.get(stored.id)).toMatchObject(lead);
  });

  it('answers 400 naming each bad field and stores nothing', async () => {
    const before = await contacts.count();
    const response = await call(contact, '/api/contact', {
      body: { name: '', email: 'x', phone: '12', whoIsThisFor: 'aliens' },
    });
    expect(response.status).toBe(400);
    const body = await jsonOf<{ error: string; fields: Record<string, string> }>(response);
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'name', 'phone', 'whoIsThisFor']);
    expect(await contacts.count()).toBe(before);
  });

  it('answers 400 for malformed JSON, 415 for non-JSON, 413 for a body over 64 KB', async () => {
    expect(
      (await call(contact, '/api/contact', { rawBody: '{"name":', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(contact, '/api/contact', {
          rawBody: 'name=a',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(415);
    const huge = await call(contact, '/api/contact', { body: { ...lead, name: 'x'.repeat(70 * 1024) } });
    expect(huge.status).toBe(413);
    expect(await jsonOf(huge)).toHaveProperty('error');
  });

  it('answers 405 for other methods', async () => {
    const response = await call(contact, '/api/contact', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, GET');
  });

  it('pretends to accept a filled honeypot but stores nothing', async () => {
    const before = await contacts.count();
    const response = await call(contact, '/api/contact', { body: { ...lead, website: 'http://spam.example' } });
    expect(response.status).toBe(201);
    expect(await contacts.count()).toBe(before);
  });

  it('keeps all 200 leads posted at once', async () => {
    const before = await contacts.count();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        call(contact, '/api/contact', { body: { ...lead, name: `Lead ${lettersOf(n)}` } }),
      ),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    expect(await contacts.count()).toBe(before + 200);
  });

  it('answers 503 with a clear message when storage is unreachable', async () => {
    setEnvironmentContext({ ...blobsContext, edgeURL: 'http://127.0.0.1:9', uncachedEdgeURL: 'http://127.0.0.1:9' });
    try {
      const response = await call(contact, '/api/contact', { body: lead });
      expect(response.status).toBe(503);
      expect((await jsonOf<{ error: string }>(response)).error).toMatch(/storage is unavailable/i);
    } finally {
      setEnvironmentContext(blobsContext);
    }
  });
});

describe('GET /api/contact', () => {
  it('answers 401 without a session', async () => {
    const response = await call(contact, '/api/contact');
    expect(response.status).toBe(401);
  });

  it('lists the newest lead first for an admin, paginated', async () => {
    await call(contact, '/api/contact', { body: { ...lead, name: 'Newest Lead' } });
    const cookie = await adminCookie();
    const response = await call(contact, '/api/contact?limit=5', { cookie });
    expect(response.status).toBe(200);
    const page = await jsonOf<{ items: { name: string }[]; nextCursor: string | null; total: number }>(response);
    expect(page.items).toHaveLength(5);
    expect(page.items[0]?.name).toBe('Newest Lead');
    expect(page.nextCursor).not.toBeNull();
    const next = await jsonOf<{ items: { name: string }[] }>(
      await call(contact, `/api/contact?limit=5&cursor=${page.nextCursor}`, { cookie }),
    );
    expect(next.items).toHaveLength(5);
    expect(next.items.map((item) => item.name)).not.toContain('Newest Lead');
  });

  it('answers 400 naming a bad query parameter', async () => {
    const cookie = await adminCookie();
    const response = await call(contact, '/api/contact?limit=1000', { cookie });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty('limit');
  });
});
