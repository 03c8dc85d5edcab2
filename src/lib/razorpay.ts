// Razorpay's addresses, in one place: the checkout script, its frames, and the API.
export const RAZORPAY_CHECKOUT_ORIGIN = 'https://checkout.razorpay.com';
export const RAZORPAY_API_ORIGIN = 'https://api.razorpay.com';
export const CHECKOUT_SCRIPT_URL = `${RAZORPAY_CHECKOUT_ORIGIN}/v1/checkout.js`;
