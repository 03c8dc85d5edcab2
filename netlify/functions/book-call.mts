import type { Config } from '@netlify/functions';
import { backgroundLabel, callRequestSchema } from '../../src/lib/schemas/callRequest';
import type { Booking } from '../../src/lib/schemas/booking';
import { bookings } from '../../src/server/bookings';
import { decoyRecord, isBot } from '../../src/server/http/honeypot';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';

export const FREE_CALL_PACKAGE_NAME = 'Free Discovery Call';

export default route({
  async POST(req) {
    const { website, name, phone, background, source, quizScore, attribution } = await readJson(req, callRequestSchema);
    // A free call is always a pending discovery call with no money attached (DECISIONS 6).
    const booking: Booking = {
      fullName: name,
      mobile: phone,
      currentStage: backgroundLabel(background),
      packageId: null,
      packageName: FREE_CALL_PACKAGE_NAME,
      bookingType: 'discovery_call',
      amount: null,
      status: 'pending',
      paymentStatus: null,
      notes: '',
      source: source ?? 'button',
      ...(quizScore === undefined ? {} : { quizScore }),
      ...(attribution ? { attribution } : {}),
    };
    if (isBot({ website })) return json({ booking: decoyRecord(booking) }, { status: 201 });
    const saved = await bookings.create(booking);
    return json({ booking: saved }, { status: 201 });
  },
});

// Literal on purpose: Netlify reads this config statically (DECISIONS 9).
export const config: Config = {
  path: '/api/book-call',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
