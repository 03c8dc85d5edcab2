import { describe, expect, test } from 'vitest';
import { documentsOfPayment } from '../../src/server/invoices/documents';
import { gstinCheckCharacter } from '../../src/server/invoices/gstin';
import { paymentForOrder } from '../../src/server/payments/orders';
import { SITE } from './support/call';
import { razorpayId } from './support/fake-razorpay';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { bookPackage, startOrder, useFakeGateway, webhookDelivery } from './support/payments';

// Invoice serials through the real capture path: 20 payments captured at once, each by Razorpay's
// signed webhook on an instance of its own (a process running the bundled handler, its follow-up
// included), get invoice serials 1-20 of the financial year: no gap, no repeat. A file of its own,
// so its Blobs store (and so the year's counter) starts empty.
useFakeGateway();

describe('invoice serials through the capture path', () => {
  test('20 webhook captures in 20 processes at once: serials 0001-0020, one invoice each', async () => {
    const gstin = `29ABCDE1234F1Z${gstinCheckCharacter('29ABCDE1234F1Z')}`;
    const env = {
      GST_GSTIN: gstin,
      GST_LEGAL_NAME: 'CCC Edu Careers LLP',
      GST_ADDRESS: '12 MG Road, Bengaluru 560001',
      GST_STATE: 'Karnataka',
    };
    const orders = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { booking } = await bookPackage('ascend');
        return startOrder('ascend', booking.id);
      }),
    );
    const bundle = await bundleFunction('netlify/functions/razorpay-webhook.mts');
    const answers = await callInParallelProcesses(
      bundle,
      orders.map((order) => {
        const delivery = webhookDelivery('payment.captured', {
          id: razorpayId('pay'),
          order_id: order.orderId,
          amount: 649900,
          status: 'captured',
        });
        return {
          url: `${SITE}/api/razorpay-webhook`,
          method: 'POST',
          headers: delivery.headers,
          body: delivery.rawBody,
        };
      }),
      env,
    );
    expect(answers.map((answer) => (answer.body as { status: string }).status)).toEqual(Array(20).fill('processed'));

    const invoices = await Promise.all(
      orders.map(async (order) => {
        const payment = await paymentForOrder(order.orderId);
        expect(payment).toMatchObject({ status: 'captured' });
        const documents = await documentsOfPayment(payment!.id);
        expect(documents).toHaveLength(1);
        return documents[0]!;
      }),
    );
    const financialYear = invoices[0]!.financialYear;
    expect(invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    for (const invoice of invoices) {
      expect(invoice).toMatchObject({
        kind: 'tax-invoice',
        financialYear,
        serial: `CCC/${financialYear}/${String(invoice.sequence).padStart(4, '0')}`,
      });
    }
  }, 120_000);
});
