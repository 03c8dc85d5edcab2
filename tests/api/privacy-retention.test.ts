import { afterEach, describe, expect, test } from 'vitest';
import '../../src/server/app';
import { contacts } from '../../src/server/leads/contacts';
import { payments } from '../../src/server/leads/payments';
import { privacyMinuteWork } from '../../src/server/privacy/minuteWork';
import { erasureLog } from '../../src/server/privacy/erasureLog';
import { leavingNextMonth, monthsBefore, retentionMonths } from '../../src/server/privacy/retention';
import { newestFirstKey } from '../../src/server/storage/keys';

// Retention (docs/privacy.md, "Retention"): a lead who never became a client is erased 24 months
// after the last contact, by the hourly run within its budget; a client, or a person in touch
// since, is kept; the admin's figure counts who goes within the next month. Leads are stored with
// the dates they would have had, against the real Blobs server.

const NOW = new Date();
let people = 0;

async function contactAt(at: Date, who: { name: string; email: string; phone: string }) {
  people += 1;
  const { record } = await contacts.insert(
    newestFirstKey(at.getTime()),
    { name: who.name, email: who.email, phone: who.phone, whoIsThisFor: 'college' },
    at,
    { announce: false },
  );
  return record;
}

const person = (label: string) => {
  people += 1;
  const digits = `96${String(Date.now() % 100_000_000).padStart(8, '0')}`.slice(0, 10);
  return {
    name: `Retained ${label}`,
    email: `retained.${label}.${people}.${Date.now()}@example.com`,
    phone: `${digits.slice(0, -2)}${String(people).padStart(2, '0')}`,
  };
};

afterEach(() => {
  delete process.env.LEAD_RETENTION_MONTHS;
});

describe('retention', () => {
  test('a lead quiet for 25 months is erased by the hourly run; one in touch since, and a client, are kept', async () => {
    const old = monthsBefore(NOW, 25);
    const gone = person('gone');
    const goneRecord = await contactAt(old, gone);
    const returning = person('returning');
    const returningOld = await contactAt(old, returning);
    await contactAt(monthsBefore(NOW, 2), returning);
    const client = person('client');
    const clientOld = await contactAt(old, client);
    await payments.insert(
      newestFirstKey(monthsBefore(NOW, 20).getTime()),
      {
        bookingId: newestFirstKey(old.getTime()),
        packageId: 'ascend',
        packageName: 'Ascend',
        amount: 4999,
        amountPaise: 499_900,
        currency: 'INR',
        status: 'captured',
        razorpayOrderId: `order_Retention${people}`,
        razorpayPaymentId: `pay_Retention${people}`,
        confirmedBy: 'webhook',
        failureReason: null,
        paidAt: monthsBefore(NOW, 20).toISOString(),
        customerName: client.name,
        customerEmail: client.email,
        customerPhone: client.phone,
        customerState: 'Karnataka',
      },
      monthsBefore(NOW, 20),
      { announce: false },
    );
    // The minute run does not erase; the hourly one does.
    expect((await privacyMinuteWork(NOW, Date.now() + 15_000)).retention).toBeNull();
    expect(await contacts.get(goneRecord.id)).not.toBeNull();

    const report = await privacyMinuteWork(NOW, Date.now() + 15_000, { hourly: true });
    expect(report.retention?.erased).toBeGreaterThanOrEqual(1);
    expect(await contacts.get(goneRecord.id)).toBeNull();
    expect(await contacts.get(returningOld.id)).not.toBeNull();
    expect(await contacts.get(clientOld.id)).not.toBeNull();
    const line = (await erasureLog()).find((each) => each.reason === 'retention');
    expect(line?.erased).toMatchObject({ contacts: 1 });

    // Kept ones are marked: the next hourly run reads none of them again and erases nothing.
    const again = await privacyMinuteWork(NOW, Date.now() + 15_000, { hourly: true });
    expect(again.retention).toEqual({ erased: 0, kept: 0 });
  });

  test('the admin figure counts who goes within the next month', async () => {
    const before = await leavingNextMonth(NOW);
    expect(before.complete).toBe(true);
    await contactAt(new Date(monthsBefore(NOW, 24).getTime() + 10 * 86_400_000), person('soon'));
    await contactAt(monthsBefore(NOW, 6), person('later'));
    expect(await leavingNextMonth(NOW)).toEqual({ leaving: before.leaving + 1, complete: true });
    // With no time left it says so: a lower bound, never a made-up total.
    expect(await leavingNextMonth(NOW, 0)).toEqual({ leaving: 0, complete: false });
  });

  test('LEAD_RETENTION_MONTHS: 24 by default; a bad value stops the run with a clear error', async () => {
    expect(retentionMonths()).toBe(24);
    process.env.LEAD_RETENTION_MONTHS = '6';
    expect(retentionMonths()).toBe(6);
    process.env.LEAD_RETENTION_MONTHS = 'two years';
    expect(() => retentionMonths()).toThrow(/LEAD_RETENTION_MONTHS must be a whole number of months from 1 to 120/);
  });
});
