import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  type SmtpReceiver,
  type WebhookReceiver,
  clearNotificationEnv,
  startSmtpReceiver,
  startWebhookReceiver,
  useNotificationEnv,
} from './mail-receivers';

export interface MailSuite {
  readonly smtp: SmtpReceiver;
  readonly hook: WebhookReceiver;
}

/**
 * A real SMTP server and webhook receiver for the test file, started before its tests and
 * stopped after them; with `notificationsOn`, each test starts with notifications set up
 * to reach them.
 */
export function useMailReceivers({ notificationsOn = true } = {}): MailSuite {
  let smtp: SmtpReceiver | undefined;
  let hook: WebhookReceiver | undefined;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    hook = await startWebhookReceiver();
  });
  afterAll(async () => {
    clearNotificationEnv();
    await smtp?.stop();
    await hook?.stop();
  });
  if (notificationsOn) beforeEach(() => void useNotificationEnv(suite.smtp, suite.hook));
  const suite: MailSuite = {
    get smtp() {
      if (!smtp) throw new Error('The SMTP receiver starts in beforeAll');
      return smtp;
    },
    get hook() {
      if (!hook) throw new Error('The webhook receiver starts in beforeAll');
      return hook;
    },
  };
  return suite;
}
