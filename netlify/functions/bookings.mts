import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/server/auth/session';
import { bookings } from '../../src/server/bookings';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readQuery } from '../../src/server/http/validate';

export default route({
  async GET(req) {
    requireAdmin(req);
    return json(await bookings.list(readQuery(req, pageQuerySchema)));
  },
});

export const config: Config = {
  path: '/api/bookings',
};
