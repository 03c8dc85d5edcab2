import { describe, expect, it } from 'vitest';
import packages from '../../netlify/functions/packages.mts';
import resources from '../../netlify/functions/resources.mts';
import { packageCatalogue } from '../../src/lib/packageCatalogue';
import { packageCatalogueSchema } from '../../src/lib/schemas/package';
import { resourceCatalogue } from '../../src/lib/resourceCatalogue';
import { call, jsonOf } from './support/call';

describe('GET /api/packages', () => {
  it('answers the whole catalogue', async () => {
    const response = await call(packages, '/api/packages');
    expect(response.status).toBe(200);
    const list = await jsonOf<{ id: string; price: number }[]>(response);
    expect(list).toEqual(JSON.parse(JSON.stringify(packageCatalogue)));
    expect(list.find((item) => item.id === 'ascend-plus')?.price).toBe(10599);
    expect(response.headers.get('cache-control')).toMatch(/max-age/);
  });

  it('answers one package by id', async () => {
    const response = await call(packages, '/api/packages/ascend', { params: { id: 'ascend' } });
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({
      id: 'ascend',
      name: 'Ascend',
      price: 6499,
      sessions: 1,
      sessionMinutes: 90,
    });
  });

  it('says for every package how many sessions it includes and how long one is, in the response schema', async () => {
    const list = packageCatalogueSchema.parse(await jsonOf(await call(packages, '/api/packages')));
    expect(list.find((item) => item.id === 'ascend-plus')).toMatchObject({ sessions: 3, sessionMinutes: 90 });
    expect(list.find((item) => item.id === 'life-coaching')).toMatchObject({ sessions: 0 });
    for (const item of list) expect(item.sessionMinutes, item.id).toBeGreaterThanOrEqual(60);
  });

  it('answers 404 JSON for an unknown id and 400 naming id for a malformed one', async () => {
    const missing = await call(packages, '/api/packages/platinum', { params: { id: 'platinum' } });
    expect(missing.status).toBe(404);
    expect(await jsonOf(missing)).toHaveProperty('error');
    const bad = await call(packages, '/api/packages/..%2Fsecrets', { params: { id: '../secrets' } });
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(bad)).fields).toHaveProperty('id');
  });

  it('answers 405 for POST', async () => {
    expect((await call(packages, '/api/packages', { body: { id: 'x' } })).status).toBe(405);
  });
});

describe('GET /api/resources', () => {
  it('answers every resource with its download link', async () => {
    const response = await call(resources, '/api/resources');
    expect(response.status).toBe(200);
    const list = await jsonOf<{ id: string; downloadUrl: string | null }[]>(response);
    expect(list).toHaveLength(resourceCatalogue.length);
    expect(list.find((item) => item.id === 'executive-guide')?.downloadUrl).toBe('/api/download/executive-guide');
    expect(list.find((item) => item.id === 'corporate-brochure')?.downloadUrl).toBe('/api/download/corporate-brochure');
  });
});
