import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { findPackage, packageCatalogue } from '../../src/lib/packageCatalogue';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readParams } from '../../src/server/http/validate';

const CACHE = { 'cache-control': 'public, max-age=300' };
const paramsSchema = z.object({
  id: z
    .string()
    .max(80, 'Package id is too long')
    .regex(/^[a-z0-9-]+$/, 'Package id may hold lower-case letters, digits and dashes only')
    .optional(),
});

export default route({
  GET(_req, context) {
    const { id } = readParams(context.params ?? {}, paramsSchema);
    if (id === undefined) return json(packageCatalogue, { headers: CACHE });
    const item = findPackage(id);
    if (!item) throw notFound(`No package with id "${id}".`);
    return json(item, { headers: CACHE });
  },
});

export const config: Config = {
  path: ['/api/packages', '/api/packages/:id'],
};
