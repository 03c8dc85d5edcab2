import type { Attribution } from '../../../src/lib/schemas/attribution';
import { addDays, istDateOf, istMidnight } from '../../../src/lib/schedule/istClock';
import '../../../src/server/app';
import { saveAvailability } from '../../../src/server/booking/availability';
import { bookAppointment } from '../../../src/server/appointments/calls';
import { currentSlots } from '../../../src/server/booking/engine';
import { bookings } from '../../../src/server/leads/bookings';
import { discoveryCallBooking } from '../../../src/server/leads/discoveryCall';
import { allDay } from '../../support/allDayAvailability';

// Discovery calls that have started (the owner marks them held or a no-show),
// written through the code the site runs into a store whose server is not started yet: each
// free-call request and its call are made as the visitor made them a minute before the call's
// time (the site offers no time in the past). Run by seed-started-calls.mjs.

export interface StartedCallRequest {
  name: string;
  phone: string;
  attribution: Attribution;
}

export interface StartedCall {
  id: string;
  name: string;
  start: string;
}

const MINUTE = 60_000;

/**
 * The owner's hours open round the clock, then one call per request: the first at the latest
 * time that has started by `now` (today in IST, but in the first few seconds of a day), each next
 * one at the time before.
 */
export async function seedStartedCalls(
  requests: readonly StartedCallRequest[],
  now: Date = new Date(),
): Promise<StartedCall[]> {
  await saveAvailability(allDay, new Date(now.getTime() - 2 * 24 * 60 * MINUTE));
  const yesterday = addDays(istDateOf(now.getTime()), -1);
  const { slots } = await currentSlots(new Date(istMidnight(yesterday)), 2);
  const started = slots.filter((slot) => Date.parse(slot.start) < now.getTime() - 5_000).reverse();
  if (started.length < requests.length) throw new Error(`only ${started.length} times have started since yesterday`);
  const calls: StartedCall[] = [];
  for (const [index, request] of requests.entries()) {
    const slot = started[index]!;
    const then = new Date(Date.parse(slot.start) - MINUTE);
    const booking = await bookings.create(
      discoveryCallBooking(
        {
          name: request.name,
          phone: request.phone,
          currentStage: 'Working Professional',
          attribution: request.attribution,
        },
        then,
      ),
      then,
    );
    const call = await bookAppointment(
      { id: booking.id, fullName: booking.fullName, mobile: booking.mobile, attribution: booking.attribution },
      slot.start,
      then,
    );
    calls.push({ id: call.id, name: call.name, start: call.start });
  }
  return calls;
}
