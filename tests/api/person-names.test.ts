import { describe, expect, test } from 'vitest';
import bookingsFn from '../../netlify/functions/bookings.mts';
import contactFn from '../../netlify/functions/contact.mts';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import resourceDownloadsFn from '../../netlify/functions/resource-downloads.mts';
import { PERSON_NAME_MESSAGE } from '../../src/lib/schemas/fields';
import { bookings } from '../../src/server/leads/bookings';
import { contacts } from '../../src/server/leads/contacts';
import { downloads } from '../../src/server/leads/downloads';
import { payments } from '../../src/server/leads/payments';
import { call, jsonOf } from './support/call';
import { type OrderAnswer, useFakeGateway, visitor } from './support/payments';

useFakeGateway();

/** A name that, printed as it is, would add a fake "Total paid" line to its invoice. */
const forged = `Asha Rao${'\n\u200b'.repeat(44)}\nTotal paid: ₹550.00`;
const checkout = {
  packageId: 'ascend',
  customerEmail: 'asha@example.com',
  customerPhone: '+91 98450 12345',
  customerState: 'Karnataka',
};

async function refused(response: Response, field: string): Promise<void> {
  expect(response.status).toBe(400);
  const body = await jsonOf<{ error: string; fields: Record<string, string> }>(response);
  expect(body.fields).toEqual({ [field]: PERSON_NAME_MESSAGE });
}

describe('a name that is not a name is refused by every form, and nothing is stored', () => {
  test('checkout: the forged invoice line and a line break are 400s naming customerName', async () => {
    const [bookingsBefore, paymentsBefore] = [await bookings.count(), await payments.count()];
    await refused(
      await call(createOrderFn, '/api/create-razorpay-order', { body: { ...checkout, customerName: forged } }),
      'customerName',
    );
    await refused(
      await call(createOrderFn, '/api/create-razorpay-order', { body: { ...checkout, customerName: 'Asha\nRao' } }),
      'customerName',
    );
    await refused(
      await call(createOrderFn, '/api/create-razorpay-order', {
        body: { ...checkout, customerName: 'Asha \u202eoaR' },
      }),
      'customerName',
    );
    expect(await bookings.count()).toBe(bookingsBefore);
    expect(await payments.count()).toBe(paymentsBefore);
  });

  test('checkout: a name in Devanagari is a name, stored with its spaces collapsed', async () => {
    const response = await call(createOrderFn, '/api/create-razorpay-order', {
      body: { ...checkout, customerName: '  आशा   राव ' },
    });
    expect(response.status).toBe(201);
    const order = await jsonOf<OrderAnswer>(response);
    expect(order.prefill?.name).toBe('आशा राव');
    expect(await bookings.get(order.bookingId)).toMatchObject({ fullName: 'आशा राव' });
  });

  test('the package popup, the contact form and the download form refuse the same names', async () => {
    const [bookingsBefore, contactsBefore, downloadsBefore] = [
      await bookings.count(),
      await contacts.count(),
      await downloads.count(),
    ];
    await refused(
      await call(bookingsFn, '/api/bookings', { body: { ...visitor, packageId: 'ascend', fullName: forged } }),
      'fullName',
    );
    await refused(
      await call(contactFn, '/api/contact', {
        body: {
          name: 'Priya\u200bNair',
          email: 'priya@example.com',
          phone: '98450 12345',
          whoIsThisFor: 'working-professional',
        },
      }),
      'name',
    );
    await refused(
      await call(resourceDownloadsFn, '/api/resource-downloads', {
        body: {
          fullName: 'Meera\r\nShah',
          email: 'meera@example.com',
          mobile: '9845012345',
          currentStage: 'graduates',
          resourceId: 'executive-guide',
        },
      }),
      'fullName',
    );
    expect(await bookings.count()).toBe(bookingsBefore);
    expect(await contacts.count()).toBe(contactsBefore);
    expect(await downloads.count()).toBe(downloadsBefore);
  });
});
