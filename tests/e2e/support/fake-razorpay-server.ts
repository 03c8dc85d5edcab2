// Runs the fake Razorpay API as its own process for the end-to-end server (started by
// playwright.config.ts webServer; node strips the types). A paid payment link and a settled
// refund (POST /_test/refunds/{id}/process or /fail) are announced to the site's webhook,
// signed with the site's webhook secret.
import { TEST_WEBHOOK_SECRET, startFakeRazorpay } from '../../api/support/fake-razorpay.ts';

const port = Number(process.env.FAKE_RAZORPAY_PORT ?? 9890);
const webhookUrl = process.env.FAKE_RAZORPAY_WEBHOOK_URL;
const fake = await startFakeRazorpay(
  undefined,
  undefined,
  port,
  webhookUrl ? { url: webhookUrl, secret: TEST_WEBHOOK_SECRET } : null,
);
console.log(`fake Razorpay API on ${fake.url}${webhookUrl ? `, webhooks to ${webhookUrl}` : ''}`);
const stop = () => void fake.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
