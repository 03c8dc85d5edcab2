import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addressScope,
  expandIPv6,
  freeSlots,
  hashedBucket,
  slotPrefix,
  windowOfFolder,
  windowStart,
} from '../../src/server/http/attemptBuckets';
import { adminDisabledReason, usesLocalDefaultPassword } from '../../src/server/auth/settings';
import { isDirectLocalRequest, isLoopbackAddress, localDefaultsApply } from '../../src/server/env';

afterEach(() => vi.unstubAllEnvs());

const local = new Request('http://localhost:8888/admin/login', { headers: { host: 'localhost:8888' } });

describe('loopback addresses', () => {
  it('knows 127/8, ::1 and their mapped forms', () => {
    for (const ip of ['127.0.0.1', '127.9.8.7', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(ip)).toBe(true);
    for (const ip of [
      '',
      undefined,
      null,
      '10.0.0.1',
      '192.168.1.2',
      '::ffff:10.0.0.1',
      '128.0.0.1',
      'localhost',
      '127.0.0.1.evil',
    ]) {
      expect(isLoopbackAddress(ip)).toBe(false);
    }
  });

  it('applies local defaults only with the explicit marker and a loopback client', () => {
    vi.stubEnv('NETLIFY_LOCAL', 'true');
    expect(localDefaultsApply(local, '127.0.0.1')).toBe(true);
    expect(localDefaultsApply(local, '203.0.113.5')).toBe(false);
    vi.stubEnv('NETLIFY_LOCAL', '');
    vi.stubEnv('CONTEXT', '');
    expect(localDefaultsApply(local, '127.0.0.1')).toBe(false);
    vi.stubEnv('CONTEXT', 'dev');
    expect(localDefaultsApply(local, '127.0.0.1')).toBe(false);
  });
});

describe('a direct local request under npm run dev', () => {
  const devRequest = (mark: string | null, host = 'localhost:4321') =>
    new Request(`http://${host}/admin/login`, {
      headers: { host, 'x-forwarded-for': '127.0.0.1', ...(mark === null ? {} : { 'x-ccc-dev-client': mark }) },
    });

  it("trusts only the dev server's own record, made with this process's secret", () => {
    vi.stubEnv('CCC_DEV_CLIENT_SECRET', 'process-secret');
    expect(isDirectLocalRequest(devRequest('process-secret;direct'))).toBe(true);
    expect(isDirectLocalRequest(devRequest('process-secret;forwarded'))).toBe(false);
    expect(isDirectLocalRequest(devRequest('guess;direct'))).toBe(false);
    expect(isDirectLocalRequest(devRequest(null))).toBe(false);
    expect(isDirectLocalRequest(devRequest('process-secret;direct', 'coach.example.com'))).toBe(false);
  });

  it('outside the dev server a record means nothing and X-Forwarded-For refuses', () => {
    expect(isDirectLocalRequest(devRequest('process-secret;direct'))).toBe(false);
  });
});

describe('admin settings', () => {
  it('never offers the local password outside a local run', () => {
    vi.stubEnv('ADMIN_PASSWORD', '');
    vi.stubEnv('SESSION_SECRET', '');
    vi.stubEnv('NETLIFY_LOCAL', '');
    expect(usesLocalDefaultPassword(local, { ip: '127.0.0.1' })).toBe(false);
    expect(adminDisabledReason(local, { ip: '127.0.0.1' })).toMatch(/set ADMIN_PASSWORD and SESSION_SECRET/);
    vi.stubEnv('NETLIFY_LOCAL', 'true');
    expect(usesLocalDefaultPassword(local, { ip: '127.0.0.1' })).toBe(true);
    expect(usesLocalDefaultPassword(local, { ip: '198.51.100.1' })).toBe(false);
    expect(adminDisabledReason(local, { ip: '127.0.0.1' })).toBeNull();
  });

  it('never offers it through a proxy or tunnel on this machine, nor for another Host', () => {
    vi.stubEnv('ADMIN_PASSWORD', '');
    vi.stubEnv('SESSION_SECRET', '');
    vi.stubEnv('NETLIFY_LOCAL', 'true');
    const via = (headers: Record<string, string | undefined>) =>
      new Request('http://localhost:8888/admin/login', {
        headers: { host: 'localhost:8888', ...(headers as Record<string, string>) },
      });
    expect(usesLocalDefaultPassword(via({ host: '127.0.0.1:8888' }), { ip: '127.0.0.1' })).toBe(true);
    expect(usesLocalDefaultPassword(via({ host: '[::1]:8888' }), { ip: '::1' })).toBe(true);
    for (const headers of [
      { host: 'coach.example.com' },
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-host': 'localhost' },
      { forwarded: 'for=203.0.113.9' },
      { via: '1.1 nginx' },
    ]) {
      expect(usesLocalDefaultPassword(via(headers), { ip: '127.0.0.1' }), JSON.stringify(headers)).toBe(false);
      expect(adminDisabledReason(via(headers), { ip: '127.0.0.1' }), JSON.stringify(headers)).toMatch(
        /set ADMIN_PASSWORD and SESSION_SECRET/,
      );
    }
  });
});

describe('sign-in attempt buckets', () => {
  it('counts IPv4 per address and IPv6 per /64, mapped IPv4 as IPv4', () => {
    expect(addressScope('203.0.113.9')).toBe('203.0.113.9');
    expect(addressScope('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressScope('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressScope('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressScope('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(addressScope('2001:db8:1:3::1')).not.toBe(addressScope('2001:db8:1:2::1'));
    expect(addressScope('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressScope('::1')).toBe('0:0:0:0::/64');
    expect(addressScope(undefined)).toBe('unknown');
    expect(addressScope('not an address')).toBe('unknown');
  });

  it('expands IPv6 with a zero run or a trailing dotted quad', () => {
    expect(expandIPv6('2001:db8::1')).toEqual(['2001', 'db8', '0', '0', '0', '0', '0', '1']);
    expect(expandIPv6('64:ff9b::192.0.2.33')).toEqual(['64', 'ff9b', '0', '0', '0', '0', 'c000', '221']);
    expect(expandIPv6('::')).toEqual(['0', '0', '0', '0', '0', '0', '0', '0']);
  });

  it('names buckets without the address in the clear, per kind', () => {
    expect(hashedBucket('ip', '203.0.113.9')).toMatch(/^ip-[0-9a-f]{32}$/);
    expect(hashedBucket('ip', '203.0.113.9')).not.toContain('203');
    expect(hashedBucket('device', 'x')).not.toBe(hashedBucket('ip', 'x').replace('ip-', 'device-'));
  });

  it('puts every attempt of one fixed window under one folder', () => {
    const windowMs = 15 * 60_000;
    const at = Date.parse('2026-11-22T10:07:00Z');
    expect(windowStart(at, windowMs)).toBe(Date.parse('2026-11-22T10:00:00Z'));
    expect(slotPrefix('site', at, windowMs)).toBe(`w${Date.parse('2026-11-22T10:00:00Z')}/site/`);
    expect(slotPrefix('site', at + 8 * 60_000, windowMs)).not.toBe(slotPrefix('site', at, windowMs));
    expect(windowOfFolder(`w${at}/`)).toBe(at);
    expect(windowOfFolder('all-addresses')).toBeNull();
  });

  it('offers each free slot once, taken ones never', () => {
    const free = freeSlots(new Set([0, 3, 7]), 10);
    expect([...free].sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 8, 9]);
    expect(freeSlots(new Set(Array.from({ length: 10 }, (_, slot) => slot)), 10)).toEqual([]);
  });
});
