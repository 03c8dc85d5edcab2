import { business } from '../../lib/business';
import { findPackage, isPaidPackage } from '../../lib/packageCatalogue';
import type { CheckoutOrder, CreateOrderRequest } from '../../lib/schemas/payment';
import { bookings, consentOfSubmission, payments } from '../leads';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { rememberOrder } from './orders';
import { gatewayKeys } from './config';
import { GatewayError, createRazorpayOrder } from './razorpay-client';

export const CHECKOUT_THEME_COLOR = '#0f766e'; // --color-teal, Razorpay needs a literal colour
export const CHECKOUT_PAGE_STAGE = 'Booked on the checkout page';

/**
 * Starts a payment (docs/decisions/0010-server-decides-the-price.md): the price comes from
 * the catalogue, the order is created at Razorpay in paise with the booking id as receipt
 * and in notes, and a pending payment record remembers the order id that verify will check
 * against.
 */
export async function startPayment(request: CreateOrderRequest): Promise<CheckoutOrder> {
  const item = findPackage(request.packageId);
  if (!item) throw notFound('This package does not exist.');
  if (!isPaidPackage(item)) {
    throw badRequest('This package is priced on consultation: book a free discovery call instead.', {
      packageId: 'Not a paid package',
    });
  }
  // Before anything is stored: without keys nothing may be half-done
  // (docs/decisions/0014-payment-keys-from-environment.md).
  const keys = gatewayKeys();

  const booking = request.bookingId ? await bookings.get(request.bookingId) : null;
  if (request.bookingId) {
    if (!booking) throw notFound('This booking does not exist.');
    if (booking.packageId !== item.id || booking.bookingType !== 'investment') {
      throw badRequest('This booking is for a different package.', { bookingId: 'Does not match the package' });
    }
    if (booking.paymentStatus === 'paid') throw conflict('This booking is already paid.');
  }

  const customer = booking
    ? { name: booking.fullName, email: booking.email ?? null, phone: booking.mobile }
    : { name: request.customerName!, email: request.customerEmail!, phone: request.customerPhone! };

  const amountPaise = item.price * 100;
  const owner =
    booking ??
    (await bookings.create({
      fullName: customer.name,
      mobile: customer.phone,
      email: customer.email ?? undefined,
      currentStage: CHECKOUT_PAGE_STAGE,
      packageId: item.id,
      packageName: item.name,
      bookingType: 'investment',
      amount: item.price,
      status: 'pending',
      paymentStatus: 'pending',
      source: 'checkout-page',
      ...(request.attribution ? { attribution: request.attribution } : {}),
      ...consentOfSubmission('answer-request', request.whatsappOptIn),
    }));

  let order;
  try {
    order = await createRazorpayOrder(keys, {
      amount: amountPaise,
      currency: 'INR',
      receipt: owner.id,
      notes: { bookingId: owner.id, packageId: item.id },
    });
  } catch (error) {
    if (error instanceof GatewayError) {
      console.error('[razorpay order]', error.message);
      throw new HttpError(
        502,
        'The payment gateway is not answering right now. Nothing was charged; please try again.',
      );
    }
    throw error;
  }
  if (order.amount !== amountPaise || order.currency !== 'INR') {
    console.error('[razorpay order] amount mismatch', order.id, order.amount, amountPaise);
    throw new HttpError(
      502,
      'The payment gateway returned an unexpected order. Nothing was charged; please try again.',
    );
  }

  const payment = await payments.create({
    bookingId: owner.id,
    packageId: item.id,
    packageName: item.name,
    customerName: customer.name,
    customerEmail: customer.email,
    customerPhone: customer.phone,
    amount: item.price,
    amountPaise,
    currency: 'INR',
    status: 'created',
    razorpayOrderId: order.id,
    razorpayPaymentId: null,
    confirmedBy: null,
    failureReason: null,
    paidAt: null,
    customerState: request.customerState,
  });
  await rememberOrder(order.id, payment.id);

  return {
    key: keys.keyId,
    amount: amountPaise,
    currency: 'INR',
    name: business.brand,
    description: item.name,
    orderId: order.id,
    bookingId: owner.id,
    packageId: item.id,
    price: item.price,
    // Anyone holding a booking id could otherwise read that booking's name and phone
    // here; the popup already has them. Only the checkout page's own details echo back.
    ...(booking
      ? {}
      : {
          prefill: {
            name: customer.name,
            ...(customer.email ? { email: customer.email } : {}),
            contact: customer.phone,
          },
        }),
    theme: { color: CHECKOUT_THEME_COLOR },
  };
}
