import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { LONGEST_SESSION_MINUTES } from '../../src/lib/packageCatalogue';
import { SLOT_MINUTES, SLOT_TIME_ZONE, type SlotsAnswer } from '../../src/lib/schemas/appointment';
import { sessionSlotsQuerySchema } from '../../src/lib/schemas/client';
import { currentSlots } from '../../src/server/booking';
import { currentSessionSlots } from '../../src/server/clients';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readQuery } from '../../src/server/http/validate';

// A minute at the CDN and in the browser: a slot taken meanwhile is caught by the booking
// itself (409 with fresh slots), so a minute-old list costs a visitor one more click at worst.
// `kind=session` lists a paid session's starts, `slotMinutes` its length. The root installs the
// owner's outside calendars, whose busy times are left out (docs/scheduling.md, "Busy times").
export default route({
  async GET(req) {
    const { days, kind, minutes = LONGEST_SESSION_MINUTES } = readQuery(req, sessionSlotsQuerySchema);
    const now = new Date();
    const { slots } =
      kind === 'session' ? await currentSessionSlots(now, minutes, days) : await currentSlots(now, days);
    const answer: SlotsAnswer = {
      timeZone: SLOT_TIME_ZONE,
      slotMinutes: kind === 'session' ? minutes : SLOT_MINUTES,
      slots,
    };
    return json(answer, {
      headers: { 'cache-control': 'public, max-age=60', 'netlify-cdn-cache-control': 'public, max-age=60' },
    });
  },
});

export const config: Config = {
  path: '/api/slots',
};
