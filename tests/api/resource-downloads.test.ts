import { describe, expect, it } from 'vitest';
import resourceDownloadsApi, { config } from '../../netlify/functions/resource-downloads.mts';
import { downloads } from '../../src/server/leads/downloads';
import { adminCookie } from './support/admin';
import { call, jsonOf } from './support/call';

const request = {
  fullName: 'Meera Shah',
  email: 'meera@example.com',
  mobile: '9845012345',
  currentStage: 'senior',
  resourceId: 'executive-guide',
  resourceTitle: 'Executive Career Acceleration Guide',
};

describe('POST /api/resource-downloads', () => {
  it('stores the request with the catalogue title and the stage label, and answers the download link', async () => {
    const response = await call(resourceDownloadsApi, '/api/resource-downloads', {
      body: { ...request, resourceTitle: 'Free Money Guide' },
    });
    expect(response.status).toBe(201);
    const body = await jsonOf<{ download: { id: string }; downloadUrl: string }>(response);
    expect(body.downloadUrl).toBe('/api/download/executive-guide');
    expect(await downloads.get(body.download.id)).toMatchObject({
      fullName: 'Meera Shah',
      email: 'meera@example.com',
      mobile: '9845012345',
      currentStage: 'Senior Professional (15+ years)',
      resourceId: 'executive-guide',
      resourceTitle: 'Executive Career Acceleration Guide',
    });
  });

  it('stores the corporate brochure request', async () => {
    const response = await call(resourceDownloadsApi, '/api/resource-downloads', {
      body: { ...request, resourceId: 'corporate-brochure', currentStage: 'class10-12', minor: false },
    });
    const body = await jsonOf<{ download: { resourceTitle: string; currentStage: string } }>(response);
    expect(body.download).toMatchObject({
      resourceTitle: 'Corporate Parenting Wellbeing Program Brochure',
      currentStage: 'Student in Class 10-12',
    });
  });

  it('answers 400 with the message for each bad field and stores nothing', async () => {
    const before = await downloads.count();
    const response = await call(resourceDownloadsApi, '/api/resource-downloads', {
      body: { fullName: '', email: 'not-an-email', mobile: '12345', currentStage: '', resourceId: 'executive-guide' },
    });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toEqual({
      fullName: 'Full name is required',
      email: 'Valid email is required',
      mobile: 'Valid mobile number is required',
      currentStage: 'Please select your current stage',
    });
    expect(await downloads.count()).toBe(before);
  });

  it.each(['no-such-guide', 'resume-template', 'Executive Guide'])(
    'answers 400 naming resourceId for %s',
    async (resourceId) => {
      const before = await downloads.count();
      const response = await call(resourceDownloadsApi, '/api/resource-downloads', {
        body: { ...request, resourceId },
      });
      expect(response.status).toBe(400);
      expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty('resourceId');
      expect(await downloads.count()).toBe(before);
    },
  );

  it('pretends to accept a filled honeypot but stores nothing', async () => {
    const before = await downloads.count();
    const response = await call(resourceDownloadsApi, '/api/resource-downloads', {
      body: { ...request, website: 'spam' },
    });
    expect(response.status).toBe(201);
    expect(await downloads.count()).toBe(before);
  });

  it('declares a rate limit', () => {
    expect(config.rateLimit).toEqual({ windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  });
});

describe('GET /api/resource-downloads', () => {
  it('answers 401 without a session', async () => {
    expect((await call(resourceDownloadsApi, '/api/resource-downloads')).status).toBe(401);
  });

  it('lists requests newest first for an admin, paginated', async () => {
    for (const name of ['First Reader', 'Second Reader', 'Third Reader']) {
      await call(resourceDownloadsApi, '/api/resource-downloads', { body: { ...request, fullName: name } });
    }
    const cookie = await adminCookie();
    const page = await jsonOf<{ items: { fullName: string }[]; nextCursor: string | null }>(
      await call(resourceDownloadsApi, '/api/resource-downloads?limit=2', { cookie }),
    );
    expect(page.items.map((item) => item.fullName)).toEqual(['Third Reader', 'Second Reader']);
    const next = await jsonOf<{ items: { fullName: string }[] }>(
      await call(resourceDownloadsApi, `/api/resource-downloads?limit=1&cursor=${page.nextCursor}`, { cookie }),
    );
    expect(next.items.map((item) => item.fullName)).toEqual(['First Reader']);
    const bad = await call(resourceDownloadsApi, '/api/resource-downloads?cursor=abc', { cookie });
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(bad)).fields).toHaveProperty('cursor');
  });
});
