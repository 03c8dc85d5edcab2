import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signInAsAdmin } from './support/admin';
import { watchConsole } from './support/console';
import { hydrated } from './support/hydration';
import { breakCheckout, installFakeCheckout } from './support/fake-checkout';
import { TEST_WEBHOOK_SECRET } from '../api/support/fake-razorpay';
import { webhookSignature } from '../../src/server/payments/signatures';

// Package cards and How It Works use this exact contract; injecting one keeps this
// spec independent of which page carries the cards.
async function addBookTrigger(page: Page, packageId: string): Promise<void> {
  await page.evaluate((id) => {
    const link = document.createElement('a');
    link.href = '#';
    link.dataset.bookPackage = id;
    link.textContent = `Book ${id}`;
    link.dataset.testid = 'book-trigger';
    (document.querySelector('main') ?? document.body).prepend(link);
  }, packageId);
}

async function openPopup(page: Page, packageId: string) {
  await page.goto('/');
  await addBookTrigger(page, packageId);
  await page.getByTestId('book-trigger').click();
  const dialog = page.getByTestId('package-booking');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('#pb-fullName')).toBeFocused();
  return dialog;
}

/** A student package's popup: the student's class and school and a parent, the student 18 or older. */
async function fillStudentPopup(page: Page, studentClass: string, school: string) {
  const dialog = page.getByTestId('package-booking');
  await dialog.getByLabel("Student's name").fill('Meera Iyer');
  await dialog.getByLabel('Class').selectOption(studentClass);
  await dialog.getByLabel('School').fill(school);
  await dialog.getByLabel("Parent's name").fill('Lakshmi Iyer');
  await dialog.getByLabel("Parent's mobile").fill('98450 12345');
  await dialog.getByLabel('No, 18 or older').check();
  const state = dialog.getByLabel('State');
  if (await state.count()) await state.selectOption('Karnataka');
}

async function fillPopup(page: Page, stage: { designation: string; company: string; industry: string }) {
  const dialog = page.getByTestId('package-booking');
  await dialog.getByLabel('Full name').fill('Meera Iyer');
  await dialog.getByLabel('Mobile number').fill('98450 12345');
  await dialog.getByLabel('Designation').fill(stage.designation);
  await dialog.getByLabel('Company / institution').fill(stage.company);
  await dialog.getByLabel('Industry').fill(stage.industry);
  // Paid packages ask the buyer's state (the GST invoice's place of supply).
  const state = dialog.getByLabel('State');
  if (await state.count()) await state.selectOption('Karnataka');
}

/** The thank-you navigation: plain for a discovery call, or carrying the payment's ids. */
const thankYou = (page: Page, kind: 'call' | 'payment' = 'call') =>
  page.waitForRequest((request) => {
    const url = new URL(request.url());
    if (!request.isNavigationRequest() || url.pathname !== '/thank-you') return false;
    if (kind === 'call') return !url.searchParams.has('type');
    return (
      url.searchParams.get('type') === 'investment' &&
      /^order_/.test(url.searchParams.get('order') ?? '') &&
      /^pay_/.test(url.searchParams.get('payment') ?? '')
    );
  });

async function adminBookingWithStage(request: APIRequestContext, baseURL: string, currentStage: string) {
  await signInAsAdmin(request, baseURL);
  const list = await (await request.get('/api/bookings?limit=100')).json();
  return list.items.find((item: { currentStage: string }) => item.currentStage === currentStage);
}

test('book a paid package in the popup, pay in Checkout, land on the thank-you page, and see it paid in the admin', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow(); // the local platform bundles each function on its first call
  const problems = watchConsole(page);
  await installFakeCheckout(page);
  const dialog = await openPopup(page, 'ascend-plus');
  await expect(dialog.getByRole('heading', { name: 'Ascend Plus' })).toBeVisible();
  await expect(dialog).toContainText('₹10,599');

  // Nothing is sent until every field is filled and the mobile has 10 digits (docs/payments.md).
  await dialog.getByRole('button', { name: /book & pay/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Missing Information' })).toBeAttached();
  await expect(dialog.getByTestId('booking-problem')).toContainText('Designation, Company, and Industry');
  const stage = { designation: 'Brand Lead', company: `Acme ${Date.now()}`, industry: 'FMCG' };
  await fillPopup(page, stage);
  await dialog.getByLabel('Mobile number').fill('98450 1234');
  await dialog.getByRole('button', { name: /book & pay/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid Mobile Number' })).toBeAttached();
  await dialog.getByLabel('Mobile number').fill('98450 12345');

  await dialog.getByRole('button', { name: /book & pay/i }).click();
  const checkout = page.getByTestId('fake-razorpay');
  await expect(checkout).toBeVisible();
  await expect(checkout.getByTestId('fake-razorpay-amount')).toHaveText('Amount INR 10599.00');
  await expect(checkout.getByTestId('fake-razorpay-prefill')).toHaveText('Contact 9845012345');
  const landed = thankYou(page, 'payment');
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await landed;
  // The thank-you page shows the receipt the server confirms, amount from our records.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
  await expect(page.getByText(/Your investment of ₹10,599 has been processed successfully/)).toBeVisible();

  const booking = await adminBookingWithStage(
    request,
    baseURL ?? '',
    `${stage.designation} at ${stage.company} (${stage.industry})`,
  );
  expect(booking).toMatchObject({
    packageName: 'Ascend Plus',
    amount: 10599,
    bookingType: 'investment',
    paymentStatus: 'paid',
    mobile: '9845012345',
  });
  const paymentsOfBooking = await (await request.get(`/api/payments?bookingId=${booking.id}`)).json();
  expect(paymentsOfBooking.items).toHaveLength(1);
  expect(paymentsOfBooking.items[0]).toMatchObject({
    status: 'captured',
    amount: 10599,
    amountPaise: 1059900,
    confirmedBy: 'verify',
  });
  expect(problems).toEqual([]);
});

test('cancelling Checkout shows Payment Cancelled, keeps the booking unpaid and the form filled for a retry', async ({
  page,
  request,
  baseURL,
}) => {
  await installFakeCheckout(page);
  const dialog = await openPopup(page, 'ascend');
  const stage = { designation: 'Analyst', company: `Cancel Co ${Date.now()}`, industry: 'Banking' };
  await fillPopup(page, stage);
  await dialog.getByRole('button', { name: /book & pay/i }).click();
  await page.getByTestId('fake-razorpay').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByTestId('fake-razorpay')).toHaveCount(0);

  await page.getByTestId('book-trigger').click();
  await expect(dialog.getByLabel('Company / institution')).toHaveValue(stage.company);
  await expect(dialog.getByRole('button', { name: /book & pay ₹6,499/i })).toBeEnabled();
  const booking = await adminBookingWithStage(
    request,
    baseURL ?? '',
    `${stage.designation} at ${stage.company} (${stage.industry})`,
  );
  expect(booking).toMatchObject({ paymentStatus: 'pending', amount: 6499 });
});

test('a payment the bank only authorised is not shown as paid: the thank-you page says it is being confirmed', async ({
  page,
  request,
  baseURL,
}) => {
  await installFakeCheckout(page, { paymentStatus: 'authorized' });
  const dialog = await openPopup(page, 'ascend');
  const stage = { designation: 'Consultant', company: `Authorised Co ${Date.now()}`, industry: 'Pharma' };
  await fillPopup(page, stage);
  await dialog.getByRole('button', { name: /book & pay/i }).click();
  const landed = thankYou(page, 'payment');
  await page.getByTestId('fake-razorpay').getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment Received' })).toBeVisible();
  await landed;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Being Confirmed');
  await expect(page.getByText(/has been processed successfully/)).toBeHidden();
  const booking = await adminBookingWithStage(
    request,
    baseURL ?? '',
    `${stage.designation} at ${stage.company} (${stage.industry})`,
  );
  expect(booking).toMatchObject({ paymentStatus: 'pending', amount: 6499 });
  const paymentsOfBooking = await (await request.get(`/api/payments?bookingId=${booking.id}`)).json();
  expect(paymentsOfBooking.items[0]).toMatchObject({ status: 'created', razorpayPaymentId: null });
});

test('a gateway script that will not load shows Payment Gateway Error; an order failure shows Payment Setup Failed', async ({
  page,
}) => {
  await breakCheckout(page);
  const dialog = await openPopup(page, 'achieve');
  await fillStudentPopup(page, '11', 'DPS');
  await dialog.getByRole('button', { name: /book & pay/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Gateway Error' })).toBeAttached();
  await expect(dialog.getByRole('button', { name: /book & pay/i })).toBeEnabled();

  await page.route('**/api/create-razorpay-order', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"error":"Online payments are not set up yet"}',
    }),
  );
  await dialog.getByRole('button', { name: /book & pay/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Setup Failed' })).toBeAttached();
  await expect(dialog.getByTestId('booking-problem')).toContainText('Unable to initialize payment');
});

test('a failed booking shows Booking Failed; a payment our server cannot verify shows Payment Verification Failed', async ({
  page,
}) => {
  await installFakeCheckout(page);
  const dialog = await openPopup(page, 'discover-plus');
  await fillStudentPopup(page, '9', 'KV');
  await page.route('**/api/bookings', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
  );
  await dialog.getByRole('button', { name: /book & pay/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Booking Failed' })).toBeAttached();
  await expect(dialog.getByRole('button', { name: /book & pay/i })).toBeEnabled();
  await page.unroute('**/api/bookings');

  // A checkout.js signed with the wrong secret: our verify refuses it, nothing is paid.
  await page.unroute('https://checkout.razorpay.com/v1/checkout.js');
  await installFakeCheckout(page, { keySecret: 'not-the-key-secret' });
  await dialog.getByRole('button', { name: /book & pay/i }).click();
  await page.getByTestId('fake-razorpay').getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Verification Failed' })).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page).not.toHaveURL(/thank-you/);
});

test('a package priced on consultation books a discovery call and goes to the thank-you page', async ({ page }) => {
  const dialog = await openPopup(page, 'senior-transition');
  await expect(dialog).toContainText('Nothing to pay today');
  await fillPopup(page, { designation: 'VP Sales', company: 'Airtel', industry: 'Telecom' });
  const landed = thankYou(page);
  await dialog.getByRole('button', { name: /free discovery call/i }).click();
  await landed;
  // The page is left once it has loaded: a context closed mid-navigation can hang its teardown.
  await page.waitForURL((url) => url.pathname === '/thank-you');
});

test('the popup closes with Escape and gives focus back to its opener', async ({ page }) => {
  const dialog = await openPopup(page, 'ascend');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('book-trigger')).toBeFocused();
});

test('the checkout page shows the package and runs the real payment flow', async ({ page, request, baseURL }) => {
  test.slow();
  const problems = watchConsole(page);
  await installFakeCheckout(page);
  const response = await page.goto('/checkout/ascend-plus');
  expect(response?.status()).toBe(200);
  const details = page.getByTestId('checkout-package');
  await expect(details.getByRole('heading', { level: 1 })).toHaveText('Ascend Plus');
  await expect(details).toContainText('Most Popular');
  await expect(details).toContainText('₹10,599');
  await expect(details).toContainText('College Graduates');

  const form = await hydrated(page.getByTestId('checkout-form'));
  const proceed = form.getByRole('button', { name: 'Proceed to Payment' });
  await expect(proceed).toBeDisabled();
  const email = `checkout.${Date.now()}@example.com`;
  await form.getByLabel('Full name').fill('Kabir Shah');
  await form.getByLabel('Email').fill(email);
  await expect(proceed).toBeDisabled();
  await form.getByLabel('Phone').fill('+91 99000 11122');
  await expect(proceed).toBeDisabled();
  await form.getByLabel('State').selectOption('Tamil Nadu');
  await expect(proceed).toBeEnabled();
  await proceed.click();

  const panel = page.getByTestId('checkout-payment');
  await expect(panel).toContainText('Secure payment');
  await panel.getByRole('button', { name: 'Pay ₹10,599' }).click();
  const checkout = page.getByTestId('fake-razorpay');
  await expect(checkout.getByTestId('fake-razorpay-prefill')).toContainText(email);
  const landed = thankYou(page, 'payment');
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toBeVisible();
  await landed;

  await signInAsAdmin(request, baseURL ?? '');
  const list = await (await request.get('/api/bookings?limit=100')).json();
  const booking = list.items.find((item: { email?: string }) => item.email === email);
  expect(booking).toMatchObject({
    fullName: 'Kabir Shah',
    packageName: 'Ascend Plus',
    amount: 10599,
    paymentStatus: 'paid',
  });
  const payments = await (await request.get('/api/payments?limit=5')).json();
  expect(payments.items.find((item: { bookingId: string }) => item.bookingId === booking.id)).toMatchObject({
    status: 'captured',
    customerEmail: email,
  });
  expect(problems).toEqual([]);
});

test('a checkout page for a package priced on consultation offers the free call instead of payment', async ({
  page,
}) => {
  await page.goto('/checkout/life-coaching');
  await expect(page.getByTestId('checkout-free')).toContainText('Nothing to pay online');
  await expect(page.getByTestId('checkout-form')).toHaveCount(0);
  await page.getByTestId('checkout-free').getByRole('link', { name: 'Book a free discovery call' }).click();
  await expect(page.getByTestId('package-booking')).toBeVisible();
});

test('an unknown package id shows Package Not Found with a way home', async ({ page }) => {
  const response = await page.goto('/checkout/platinum-forever');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Package Not Found');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('returning with ?payment=success shows the success toast and goes home', async ({ page }) => {
  await page.goto('/checkout/ascend?payment=success');
  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
});

test('a signed webhook reaches the running site and records a payment whose buyer closed the tab', async ({
  request,
  baseURL,
}) => {
  const booked = await (
    await request.post('/api/bookings', {
      data: {
        fullName: 'Tab Closer',
        mobile: '9845012345',
        // A student package: class and school, and the student is 18 or older.
        studentClass: '12',
        school: `Webhook ${Date.now()}`,
        minor: false,
        packageId: 'achieve',
      },
      headers: { origin: baseURL ?? '' },
    })
  ).json();
  const order = await (
    await request.post('/api/create-razorpay-order', {
      data: { packageId: 'achieve', bookingId: booked.booking.id, amount: 100, customerState: 'Karnataka' },
    })
  ).json();
  expect(order.amount).toBe(599900);
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: 'pay_E2eWebhook000001',
          order_id: order.orderId,
          amount: 599900,
          currency: 'INR',
          status: 'captured',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  const forged = await request.post('/api/razorpay-webhook', {
    data: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(body, 'wrong') },
  });
  expect(forged.status()).toBe(400);
  const genuine = await request.post('/api/razorpay-webhook', {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(body, TEST_WEBHOOK_SECRET),
      'x-razorpay-event-id': `evt_e2e_${Date.now()}`,
    },
  });
  expect(genuine.status()).toBe(200);
  expect(await genuine.json()).toMatchObject({ status: 'processed' });

  await signInAsAdmin(request, baseURL ?? '');
  const payments = await (await request.get(`/api/payments?bookingId=${booked.booking.id}`)).json();
  expect(payments.items).toEqual([
    expect.objectContaining({ status: 'captured', confirmedBy: 'webhook', amount: 5999 }),
  ]);
  const list = await (await request.get('/api/bookings?limit=100')).json();
  expect(list.items.find((item: { id: string }) => item.id === booked.booking.id)).toMatchObject({
    paymentStatus: 'paid',
  });
});
