import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { downloadFileName } from '../../src/lib/downloadFileName';
import { findResource } from '../../src/lib/resourceCatalogue';
import { notFound, serviceUnavailable } from '../../src/server/http/errors';
import { route } from '../../src/server/http/route';
import { readParams } from '../../src/server/http/validate';

const paramsSchema = z.object({
  id: z
    .string({ error: 'Resource id is required' })
    .max(80, 'Resource id is too long')
    .regex(/^[a-z0-9-]+$/, 'Resource id may hold lower-case letters, digits and dashes only'),
});

// The PDFs ship with the function (netlify.toml included_files), next to the code's working directory.
const RESOURCES_DIR = join(process.cwd(), 'content', 'resources');

export default route({
  async GET(_req, context) {
    const { id } = readParams(context.params ?? {}, paramsSchema);
    const resource = findResource(id);
    if (!resource?.fileName || resource.downloadUrl !== `/api/download/${id}`)
      throw notFound(`No download with id "${id}".`);
    let file: Buffer;
    try {
      file = await readFile(join(RESOURCES_DIR, resource.fileName));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        console.error('[download] missing file', resource.fileName);
        throw serviceUnavailable(`The file for "${id}" is not available right now.`);
      }
      throw error;
    }
    return new Response(new Uint8Array(file), {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(file.byteLength),
        'content-disposition': `attachment; filename="${downloadFileName(resource.title)}"`,
        'cache-control': 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
      },
    });
  },
});

export const config: Config = {
  path: '/api/download/:id',
};
