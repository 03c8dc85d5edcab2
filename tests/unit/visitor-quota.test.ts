import { describe, expect, test } from 'vitest';
import {
  appointmentNotificationKinds,
  notificationKinds,
  uncappedNotificationKinds,
  visitorMailLimit,
} from '../../src/lib/schemas/notifications';
import {
  admit,
  allowanceFor,
  appointmentQuotaKey,
  clientQuotaKey,
  CONFIRMATIONS_PER_DAY,
  MAILS_PER_APPOINTMENT,
  OWNER_MAILS_PER_CLIENT_PER_DAY,
  PRIVACY_LINKS_PER_DAY,
  quotaKey,
} from '../../src/server/notifications/visitorQuota';

const at = (iso: string) => new Date(iso);

describe('confirmations per address per day', () => {
  test(`lets ${CONFIRMATIONS_PER_DAY} through in 24 hours, then none until the oldest is a day old`, () => {
    let sent = admit([], 'a', at('2026-11-24T10:00:00Z'))!;
    sent = admit(sent, 'b', at('2026-11-24T11:00:00Z'))!;
    sent = admit(sent, 'c', at('2026-11-24T12:00:00Z'))!;
    expect(sent.map((item) => item.entryId)).toEqual(['a', 'b', 'c']);
    expect(admit(sent, 'd', at('2026-11-25T09:59:59Z'))).toBeNull();
    expect(admit(sent, 'd', at('2026-11-25T10:00:00Z'))?.map((item) => item.entryId)).toEqual(['b', 'c', 'd']);
  });

  test('an entry let through stays let through (a retry after a failed attempt)', () => {
    const sent = [
      { entryId: 'a', at: '2026-11-24T10:00:00.000Z' },
      { entryId: 'b', at: '2026-11-24T10:01:00.000Z' },
      { entryId: 'c', at: '2026-11-24T10:02:00.000Z' },
    ];
    expect(admit(sent, 'b', at('2026-11-24T15:00:00Z'))).toEqual(sent);
  });

  test('one key per mailbox, however the address is written, with no address in it', () => {
    expect(quotaKey(' Asha@Example.com ')).toBe(quotaKey('asha@example.com'));
    expect(quotaKey('asha+news@example.com')).toBe(quotaKey('asha@example.com'));
    expect(quotaKey('A.sha+1@googlemail.com')).toBe(quotaKey('asha@gmail.com'));
    expect(quotaKey('a.sha@example.com')).not.toBe(quotaKey('asha@example.com'));
    expect(quotaKey('asha@example.com')).not.toContain('asha');
  });
});

describe('which count a visitor mail is taken from', () => {
  const message = { channel: 'visitor-email' as const, to: 'Asha+1@example.com', leadId: '8204354571920-0123456789' };

  test("mail about a booked call counts per appointment, for ever; a receipt, an owner-sent link, word on a refund or to a client under no count; every other kind is a first confirmation of the mailbox's day", () => {
    for (const kind of notificationKinds) {
      const expected = (uncappedNotificationKinds as readonly string[]).includes(kind)
        ? 'none'
        : (appointmentNotificationKinds as readonly string[]).includes(kind)
          ? 'per-appointment'
          : 'daily-confirmations';
      expect(visitorMailLimit(kind)).toBe(expected);
    }
    expect(uncappedNotificationKinds).toEqual([
      'payment-captured',
      'payment-request',
      'refund-processed',
      'refund-failed',
      'privacy-breach',
      'brief-reminder',
      'client-document',
    ]);
    expect(allowanceFor({ ...message, kind: 'payment-captured' })).toBeNull();
    // A client's one brief reminder and word of a document the owner added: only a paying client hears them.
    expect(allowanceFor({ ...message, kind: 'brief-reminder' })).toBeNull();
    expect(allowanceFor({ ...message, kind: 'client-document' })).toBeNull();
    expect(allowanceFor({ ...message, kind: 'privacy-breach' })).toBeNull();
    // A person's links to their data, and a parent's, have a count of their own.
    expect(allowanceFor({ ...message, kind: 'privacy-link' })).toMatchObject({ limit: PRIVACY_LINKS_PER_DAY });
    expect(allowanceFor({ ...message, kind: 'parent-consent' })).toMatchObject({ limit: PRIVACY_LINKS_PER_DAY });
    expect(allowanceFor({ ...message, kind: 'payment-failed' })).toMatchObject({ key: quotaKey('asha@example.com') });
    expect(appointmentNotificationKinds).toEqual([
      'appointment-booked',
      'appointment-moved',
      'appointment-cancelled',
      'appointment-reminder-day',
      'appointment-reminder-hour',
      'appointment-no-show',
      // The one request for a review after a held session (docs/decisions/0044-client-reviews-with-consent.md).
      'review-request',
    ]);
    expect(allowanceFor({ ...message, kind: 'contact' })).toMatchObject({
      key: quotaKey('asha@example.com'),
      limit: CONFIRMATIONS_PER_DAY,
      windowMs: 86_400_000,
    });
    expect(allowanceFor({ ...message, kind: 'appointment-reminder-hour', appointmentId: 'A' })).toMatchObject({
      key: appointmentQuotaKey('A'),
      limit: MAILS_PER_APPOINTMENT,
      windowMs: Infinity,
    });
    // An entry queued before entries named their appointment counts per version.
    expect(allowanceFor({ ...message, kind: 'appointment-moved' })?.key).toBe(appointmentQuotaKey(message.leadId));
  });

  test("the owner's own messages are under no count, but those about one client's sessions", () => {
    expect(allowanceFor({ ...message, kind: 'contact', channel: 'email', to: null })).toBeNull();
    expect(allowanceFor({ ...message, kind: 'appointment-booked', channel: 'webhook', to: null })).toBeNull();
    expect(
      allowanceFor({ ...message, kind: 'appointment-booked', channel: 'email', to: null, clientId: 'C1' }),
    ).toMatchObject({
      key: clientQuotaKey('C1'),
      limit: OWNER_MAILS_PER_CLIENT_PER_DAY,
      windowMs: 86_400_000,
    });
    expect(clientQuotaKey('C1')).not.toBe(clientQuotaKey('C2'));
  });

  test('an appointment has no day: its sixth mail a week later still counts', () => {
    const sent = Array.from({ length: MAILS_PER_APPOINTMENT }, (_, index) => ({
      entryId: String(index),
      at: '2026-11-01T10:00:00.000Z',
    }));
    expect(admit(sent, 'next', at('2026-11-20T10:00:00Z'), MAILS_PER_APPOINTMENT, Infinity)).toBeNull();
    expect(admit(sent.slice(1), 'next', at('2026-11-20T10:00:00Z'), MAILS_PER_APPOINTMENT, Infinity)).toHaveLength(
      MAILS_PER_APPOINTMENT,
    );
  });
});
