import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { exportSliceParamsSchema, exportSliceQuerySchema } from '../../src/lib/schemas/adminExport';
import { exportPlan, exportSliceRows } from '../../src/server/leads';
import { requireAdmin } from '../../src/server/auth';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readParams, readQuery } from '../../src/server/http/validate';

export default route({
  /** The plan (every collection's time slices), or one slice's rows: the header's Export reads many side by side. */
  async GET(req, context) {
    await requireAdmin(req, context);
    if (context.params?.kind === undefined && context.params?.slice === undefined) return json(await exportPlan());
    const { kind, slice } = readParams(context.params ?? {}, exportSliceParamsSchema);
    const { cursor, limit } = readQuery(req, exportSliceQuerySchema);
    return json(await exportSliceRows(kind, slice, cursor ?? null, limit));
  },
});

// The owner's, many calls at once for one export: no platform rate limit; every call needs an admin session.
export const config: Config = {
  path: ['/api/admin/export', '/api/admin/export/:kind/:slice'],
};
