import type { Config } from '@netlify/functions';
import { SLOT_MINUTES, SLOT_TIME_ZONE, type SlotsAnswer, slotsQuerySchema } from '../../src/lib/schemas/appointment';
import { currentSlots } from '../../src/server/appointments/book';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readQuery } from '../../src/server/http/validate';

// A minute at the CDN and in the browser: a slot taken meanwhile is caught by the booking
// itself (409 with fresh slots), so a minute-old list costs a visitor one more click at worst.
export default route({
  async GET(req) {
    const { days } = readQuery(req, slotsQuerySchema);
    const { slots } = await currentSlots(new Date(), days);
    const answer: SlotsAnswer = { timeZone: SLOT_TIME_ZONE, slotMinutes: SLOT_MINUTES, slots };
    return json(answer, { headers: { 'cache-control': 'public, max-age=60', 'netlify-cdn-cache-control': 'public, max-age=60' } });
  },
});

export const config: Config = {
  path: '/api/slots',
};
