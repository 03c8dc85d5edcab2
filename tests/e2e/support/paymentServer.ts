import {
  type FakeRazorpay,
  TEST_KEY_ID,
  TEST_KEY_SECRET,
  TEST_WEBHOOK_SECRET,
  startFakeRazorpay,
} from '../../api/support/fake-razorpay';
import { type SmtpReceiver, startSmtpReceiver } from '../../api/support/mail-receivers';
import { type FreshServer, startFreshServer } from './fresh-server';

/** A fresh server that takes payments: its own SMTP server for mail, the fake Razorpay whose webhooks reach it. */
export interface PaymentServer {
  server: FreshServer;
  smtp: SmtpReceiver;
  razorpay: FakeRazorpay;
  stop(): Promise<void>;
}

/** Starts one on `port` (a spec's own), with `env` beside the mail and payment settings. */
export async function startPaymentServer(port: number, env: Record<string, string> = {}): Promise<PaymentServer> {
  const smtp = await startSmtpReceiver();
  const razorpay = await startFakeRazorpay(TEST_KEY_ID, TEST_KEY_SECRET, 0, {
    url: `http://localhost:${port}/api/razorpay-webhook`,
    secret: TEST_WEBHOOK_SECRET,
  });
  const server = await startFreshServer(port, {
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'owner@example.in',
    NOTIFY_EMAIL_FROM: 'CCC Edu <leads@example.in>',
    RAZORPAY_KEY_ID: TEST_KEY_ID,
    RAZORPAY_KEY_SECRET: TEST_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    RAZORPAY_API_BASE_URL: razorpay.url,
    ...env,
  });
  return {
    server,
    smtp,
    razorpay,
    async stop() {
      await server.stop();
      await razorpay.stop();
      await smtp.stop();
    },
  };
}
