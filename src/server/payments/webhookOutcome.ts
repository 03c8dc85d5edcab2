/** What applying one Razorpay webhook event came to (orders and payment links alike). */
export type WebhookOutcome = { status: 'processed' | 'duplicate' | 'ignored'; reason?: string };
