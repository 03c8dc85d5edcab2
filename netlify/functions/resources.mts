import type { Config } from '@netlify/functions';
import { resourceCatalogue } from '../../src/lib/resourceCatalogue';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';

export default route({
  GET() {
    return json(resourceCatalogue, { headers: { 'cache-control': 'public, max-age=300' } });
  },
});

export const config: Config = {
  path: '/api/resources',
};
