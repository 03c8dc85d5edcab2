// Runs the fake Razorpay Orders API as its own process for the end-to-end server
// (started by playwright.config.ts webServer; node strips the types).
import { startFakeRazorpay } from '../../api/support/fake-razorpay.ts';

const port = Number(process.env.FAKE_RAZORPAY_PORT ?? 9890);
const fake = await startFakeRazorpay(undefined, undefined, port);
console.log(`fake Razorpay Orders API on ${fake.url}`);
const stop = () => void fake.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
