import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { expect as baseExpect, test } from './support/test';
import { openView, signInAsAdmin, signInThroughLoginPage as signIn } from './support/admin';
import { watchConsole } from './support/console';
import { fakeRazorpayUrl } from './support/ports';
import { uniqueName } from '../support/names';

// GST invoices in the admin: a fee paid through a payment link gets its GST tax invoice (the e2e
// server has a GSTIN configured), listed under Invoices for the month with its PDF and the
// accountant's CSV. One test per viewport.
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = '/tmp/e2e-shots/invoices';

for (const width of [390, 1280]) {
  test(`the month's invoices with their PDFs and the GST summary CSV (${width} px)`, async ({
    page,
    request,
    baseURL,
  }) => {
    const problems = watchConsole(page);
    await mkdir(SHOTS, { recursive: true });
    const name = uniqueName('Ira Invoice');
    await signInAsAdmin(request, baseURL!);
    const made = await request.post('/api/admin/payment-requests', {
      data: {
        name,
        phone: '98450 24680',
        amount: 11800,
        description: 'Career coaching, 3 sessions',
        customerState: width === 390 ? 'Karnataka' : 'Tamil Nadu',
      },
      headers: { origin: baseURL! },
    });
    expect(made.status()).toBe(201);
    const { request: paymentRequest } = (await made.json()) as { request: { linkId: string } };
    const paid = await request.post(`${fakeRazorpayUrl}/_test/payment_links/${paymentRequest.linkId}/pay`);
    expect(((await paid.json()) as { webhookStatus: number }).webhookStatus).toBe(200);

    // The invoice is issued by the payment's follow-up, just after the webhook's answer.
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
    }).format(new Date());
    await expect
      .poll(async () => JSON.stringify(await (await request.get(`/api/admin/invoices?month=${month}`)).json()), {
        timeout: 20_000,
      })
      .toContain(name);

    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await openView(page, 'Money');
    const panel = page.getByTestId('invoices-panel');
    await expect(panel.getByLabel('Month')).toHaveValue(month);
    const row = panel.getByTestId('invoice').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Tax invoice');
    await expect(row).toContainText(width === 390 ? 'CGST ₹900.00 + SGST ₹900.00' : 'IGST ₹1,800.00');
    await expect(row).toContainText('₹11,800.00');
    const serial = (await row.locator('.adm-invoice-serial').textContent())!;
    expect(serial).toMatch(/^CCC\/\d{2}-\d{2}\/\d{4}$/);

    const pdfLink = row.getByRole('link', { name: `PDF of tax invoice ${serial} (opens in a new tab)` });
    const pdf = await request.get((await pdfLink.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await request.get((await panel.getByTestId('invoices-csv').getAttribute('href'))!);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain(width === 390 ? 'Karnataka,29,' : 'Tamil Nadu,33,');

    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="invoices-panel"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await panel.screenshot({ path: `${SHOTS}/invoices-${width}.png` });
    expect(problems).toEqual([]);
  });
}
