import { describe, expect, it } from 'vitest';
import { offReason } from '../../src/lib/admin/notificationLabels';
import { NOT_CONFIGURED } from '../../src/server/notifications/settings';

describe("the dashboard's words for notifications that are off", () => {
  it("drops the server's own 'Notifications are off:' (the notice's title says it) and keeps the reason", () => {
    expect(offReason(NOT_CONFIGURED)).toBe(
      'SMTP_URL, NOTIFY_EMAIL_TO and NOTIFY_EMAIL_FROM are not set, so nobody is told about new leads (they are still stored).',
    );
    expect(offReason('Notifications are off: SMTP_URL must start with smtp:// or smtps://.')).toBe(
      'SMTP_URL must start with smtp:// or smtps://.',
    );
  });
  it('names the settings when the server gave no reason', () => {
    expect(offReason(undefined)).toContain('SMTP_URL');
    expect(offReason('Notifications are off.')).toContain('SMTP_URL');
  });
});
