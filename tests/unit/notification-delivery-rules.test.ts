import { afterEach, describe, expect, test } from 'vitest';
import { MAX_DELAY_MS, nextAttemptAfterFailure, retryDelayMs } from '../../src/server/notifications/backoff';
import { outboxEntriesFor } from '../../src/server/app/leadNotifications';
import { claimable, expired } from '../../src/server/notifications/deliver';
import { leadsBySourceRows, sourceKey } from '../../src/server/sources/leadSources';
import type { OutboxEntry } from '../../src/server/notifications/outbox';
import { NOT_CONFIGURED, notificationSettings } from '../../src/server/notifications/settings';

const MINUTE = 60_000;

describe('backoff', () => {
  test('1, 2, 4, 8, ... minutes, capped at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map((failures) => retryDelayMs(failures) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
    expect(retryDelayMs(1000)).toBe(MAX_DELAY_MS);
  });

  test('retries until the window closes, the last try at its end, then gives up', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const until = new Date('2026-11-23T10:00:00Z');
    expect(nextAttemptAfterFailure(1, now, until)?.toISOString()).toBe('2026-11-22T10:01:00.000Z');
    expect(nextAttemptAfterFailure(9, new Date('2026-11-23T09:30:00Z'), until)?.toISOString()).toBe(
      until.toISOString(),
    );
    expect(nextAttemptAfterFailure(9, until, until)).toBeNull();
  });
});

describe('claims', () => {
  const entry = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
    id: 'x',
    kind: 'contact',
    leadId: 'x',
    channel: 'email',
    subject: 's',
    to: null,
    mail: null,
    webhook: null,
    status: 'pending',
    attempts: 0,
    lastError: null,
    nextAttemptAt: null,
    claimedAt: null,
    retryUntil: '2026-11-23T10:00:00Z',
    createdAt: '2026-11-22T10:00:00Z',
    sentAt: null,
    ...overrides,
  });
  const now = new Date('2026-11-22T10:10:00Z');
  test('pending and due, or a sending claim older than 5 minutes, may be claimed; nothing else', () => {
    expect(claimable(entry({ nextAttemptAt: '2026-11-22T10:09:00Z' }), now)).toBe(true);
    expect(claimable(entry({ nextAttemptAt: '2026-11-22T10:11:00Z' }), now)).toBe(false);
    expect(claimable(entry({ status: 'sending', claimedAt: '2026-11-22T10:06:00Z' }), now)).toBe(false);
    expect(claimable(entry({ status: 'sending', claimedAt: '2026-11-22T10:04:59Z' }), now)).toBe(true);
    expect(claimable(entry({ status: 'sent' }), now)).toBe(false);
    expect(claimable(entry({ status: 'failed' }), now)).toBe(false);
    expect(claimable(entry({ status: 'held' }), now)).toBe(false);
  });

  test('history expires: sent after a week, failed and held after a month, pending never', () => {
    const later = (days: number) => new Date(new Date('2026-11-22T10:00:00Z').getTime() + days * 86_400_000 + 1);
    expect(expired(entry({ status: 'sent' }), later(7))).toBe(true);
    expect(expired(entry({ status: 'sent' }), later(6))).toBe(false);
    expect(expired(entry({ status: 'failed' }), later(7))).toBe(false);
    expect(expired(entry({ status: 'failed' }), later(30))).toBe(true);
    expect(expired(entry({ status: 'held' }), later(7))).toBe(false);
    expect(expired(entry({ status: 'held' }), later(30))).toBe(true);
    expect(expired(entry({ status: 'pending' }), later(365))).toBe(false);
  });
});

describe('leads by source', () => {
  test('adds days together per source and medium, (direct) for none, most leads first', () => {
    const google = sourceKey({ source: 'Google', medium: 'CPC' });
    const direct = sourceKey(null);
    const rows = leadsBySourceRows([
      { [google]: { 'discovery-call': 2 }, [direct]: { newsletter: 1 } },
      { [google]: { contact: 1, 'discovery-call': 1 } },
    ]);
    expect(rows).toEqual([
      { source: 'google', medium: 'cpc', leads: 4, byKind: { 'discovery-call': 3, contact: 1 } },
      { source: '(direct)', medium: null, leads: 1, byKind: { newsletter: 1 } },
    ]);
  });
});

describe('settings', () => {
  const names = ['SMTP_URL', 'NOTIFY_EMAIL_TO', 'NOTIFY_EMAIL_FROM', 'NOTIFY_WEBHOOK_URL'];
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });
  test('off with a reason when unset, incomplete or invalid; never echoing the password', () => {
    expect(notificationSettings()).toEqual({ enabled: false, reason: NOT_CONFIGURED });
    process.env.SMTP_URL = 'smtps://user:hunter2@smtp.example.com:465';
    expect(notificationSettings()).toMatchObject({
      enabled: false,
      reason: expect.stringContaining('NOTIFY_EMAIL_TO, NOTIFY_EMAIL_FROM are not set'),
    });
    process.env.NOTIFY_EMAIL_TO = 'not-an-address';
    process.env.NOTIFY_EMAIL_FROM = 'Leads <leads@cccedu.example>';
    const invalid = notificationSettings();
    expect(invalid).toMatchObject({
      enabled: false,
      reason: expect.stringContaining('NOTIFY_EMAIL_TO must be an e-mail address'),
    });
    expect(JSON.stringify(invalid)).not.toContain('hunter2');
    process.env.SMTP_URL = 'http://smtp.example.com';
    process.env.NOTIFY_EMAIL_TO = 'owner@cccedu.example';
    expect(notificationSettings()).toMatchObject({
      enabled: false,
      reason: expect.stringContaining('SMTP_URL must start with smtp://'),
    });
  });

  test('on with every owner address and the optional webhook', () => {
    process.env.SMTP_URL = 'smtps://user:pass@smtp.example.com:465';
    process.env.NOTIFY_EMAIL_TO = 'owner@cccedu.example, partner@cccedu.example';
    process.env.NOTIFY_EMAIL_FROM = 'leads@cccedu.example';
    expect(notificationSettings()).toEqual({
      enabled: true,
      settings: {
        smtpUrl: 'smtps://user:pass@smtp.example.com:465',
        ownerAddresses: ['owner@cccedu.example', 'partner@cccedu.example'],
        from: 'leads@cccedu.example',
        webhookUrl: null,
      },
    });
    process.env.NOTIFY_WEBHOOK_URL = 'https://chat.example/hooks/1';
    expect(notificationSettings()).toMatchObject({
      enabled: true,
      settings: { webhookUrl: 'https://chat.example/hooks/1' },
    });
  });
});

describe('outbox entries for one event', () => {
  const at = new Date('2026-11-22T10:00:00Z');
  const base = {
    leadId: '8204626134447-e79ff34b0c',
    at: at.toISOString(),
    details: [],
    attribution: null,
    choice: 'x',
  };
  test('owner e-mail always, webhook when set, the visitor only for kinds with a confirmation and an address', () => {
    const contact = outboxEntriesFor(
      { ...base, kind: 'contact', person: { name: 'A', phone: '9845011111', email: 'a@example.com' } },
      'https://s.example',
      true,
      at,
    );
    expect(contact.map((entry) => entry.id)).toEqual([
      '8204626134447-e79ff34b0c.contact.email',
      '8204626134447-e79ff34b0c.contact.webhook',
      '8204626134447-e79ff34b0c.contact.visitor-email',
    ]);
    expect(contact[2]).toMatchObject({
      to: 'a@example.com',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: at.toISOString(),
      retryUntil: '2026-11-23T10:00:00.000Z',
    });
    const call = outboxEntriesFor(
      { ...base, kind: 'discovery-call', person: { name: 'A', phone: '9845011111', email: null } },
      'https://s.example',
      false,
      at,
    );
    expect(call.map((entry) => entry.channel)).toEqual(['email']);
    const newsletter = outboxEntriesFor(
      { ...base, kind: 'newsletter', person: { name: null, phone: null, email: 'n@example.com' } },
      'https://s.example',
      true,
      at,
    );
    expect(newsletter.map((entry) => entry.channel)).toEqual(['email', 'webhook']);
  });
});
