import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockedFor, recentFailures, withFailure } from '../../src/server/auth/attemptWindow';
import { adminDisabledReason, usesLocalDefaultPassword } from '../../src/server/auth/settings';
import { isLoopbackAddress, localDefaultsApply } from '../../src/server/env';

afterEach(() => vi.unstubAllEnvs());

const local = new Request('http://localhost:8888/admin/login', { headers: { host: 'localhost:8888' } });

describe('loopback addresses', () => {
  it('knows 127/8, ::1 and their mapped forms', () => {
    for (const ip of ['127.0.0.1', '127.9.8.7', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackAddress(ip)).toBe(true);
    for (const ip of ['', undefined, null, '10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '128.0.0.1', 'localhost', '127.0.0.1.evil']) {
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
    const via = (headers: Record<string, string | undefined>) => new Request('http://localhost:8888/admin/login', { headers: { host: 'localhost:8888', ...(headers as Record<string, string>) } });
    expect(usesLocalDefaultPassword(via({ host: '127.0.0.1:8888' }), { ip: '127.0.0.1' })).toBe(true);
    expect(usesLocalDefaultPassword(via({ host: '[::1]:8888' }), { ip: '::1' })).toBe(true);
    for (const headers of [{ host: 'coach.example.com' }, { 'x-forwarded-for': '203.0.113.9' }, { 'x-forwarded-host': 'localhost' }, { forwarded: 'for=203.0.113.9' }, { via: '1.1 nginx' }]) {
      expect(usesLocalDefaultPassword(via(headers), { ip: '127.0.0.1' }), JSON.stringify(headers)).toBe(false);
      expect(adminDisabledReason(via(headers), { ip: '127.0.0.1' }), JSON.stringify(headers)).toMatch(/set ADMIN_PASSWORD and SESSION_SECRET/);
    }
  });
});

describe('login attempt window', () => {
  const rule = { limit: 3, windowMs: 1000 };

  it('keeps only failures inside the window, newest last, at most the limit', () => {
    expect(recentFailures([100, 5000, 5500, 5600, 5700], rule, 6000)).toEqual([5500, 5600, 5700]);
    expect(recentFailures([4000, 7000], rule, 6000)).toEqual([]);
  });

  it('blocks at the limit until the oldest counted failure leaves the window', () => {
    let times: number[] = [];
    for (const at of [1000, 1200, 1400]) times = withFailure(times, rule, at);
    expect(blockedFor(times.slice(0, 2), rule, 1500)).toBe(0);
    expect(blockedFor(times, rule, 1500)).toBe(500);
    expect(blockedFor(times, rule, 2000)).toBe(0);
  });
});
