import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import download from '../../netlify/functions/download.mts';
import { call, jsonOf } from './support/call';

async function pageCount(bytes: Uint8Array): Promise<number> {
  const { PDFDocument } = await import('pdf-lib');
  return (await PDFDocument.load(bytes)).getPageCount();
}

describe('GET /api/download/:id', () => {
  it.each([
    ['executive-guide', 'Executive_Career_Acceleration_Guide.pdf'],
    ['corporate-brochure', 'Corporate_Parenting_Wellbeing_Program_Brochure.pdf'],
  ])('answers the real %s PDF as an attachment named %s', async (id, fileName) => {
    const response = await call(download, `/api/download/${id}`, { params: { id } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(await pageCount(bytes)).toBeGreaterThan(1);
  });

  it.each(['resume-template', 'no-such-file'])('answers 404 JSON for %s', async (id) => {
    const response = await call(download, `/api/download/${id}`, { params: { id } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await jsonOf(response)).toHaveProperty('error');
  });

  it('answers 400 naming id for a path that tries to leave the folder', async () => {
    const response = await call(download, '/api/download/x', { params: { id: '../../package.json' } });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty('id');
  });

  it('answers 503 JSON, not a broken file, when a catalogued PDF is missing from the deploy', async () => {
    vi.resetModules();
    const cwd = vi.spyOn(process, 'cwd').mockReturnValue(tmpdir());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { default: isolated } = await import('../../netlify/functions/download.mts');
      const response = await call(isolated, '/api/download/executive-guide', { params: { id: 'executive-guide' } });
      expect(response.status).toBe(503);
      expect((await jsonOf<{ error: string }>(response)).error).toMatch(/not available/);
    } finally {
      cwd.mockRestore();
      errors.mockRestore();
    }
  });

  it('ships the files the catalogue names', () => {
    for (const file of ['executive-guide.pdf', 'corporate-brochure.pdf']) {
      expect(existsSync(join(process.cwd(), 'content', 'resources', file))).toBe(true);
    }
  });
});
