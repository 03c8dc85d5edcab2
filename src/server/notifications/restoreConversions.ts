import { eachUntil } from '../eachUntil';
import { payments } from '../payments';
import { countConversion } from './conversions';
import { paymentEventWithSource } from './paymentNotices';

const AT_ONCE = 16;

/**
 * The owner's recount: every captured payment goes through the same claims as its
 * follow-up, under an event id of the recount's. A payment or paying client that was
 * counted keeps its claim, so nothing counts twice; one whose count was lost (its event
 * failed for good) is counted now, on the day it was paid. Returns the payments checked.
 */
export async function restoreConversions(): Promise<number> {
  const captured = (await payments.all()).filter((payment) => payment.status === 'captured');
  await eachUntil(captured, AT_ONCE, Infinity, async (payment) => countConversion(`recount-${payment.id}`, await paymentEventWithSource(payment)));
  return captured.length;
}
