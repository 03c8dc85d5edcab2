import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { nextRun, scheduledRequest, startScheduler } from '../../netlify/local/scheduler.mjs';

describe('nextRun', () => {
  test('reads the cron expression in UTC, strictly after the given time', () => {
    const at = new Date('2026-11-22T10:15:30Z');
    expect(nextRun('* * * * *', at).toISOString()).toBe('2026-11-22T10:16:00.000Z');
    expect(nextRun('0 3 * * *', at).toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(nextRun('@hourly', at).toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(nextRun('* * * * *', new Date('2026-11-22T10:16:00Z')).toISOString()).toBe('2026-11-22T10:17:00.000Z');
  });
});

test('the request is what Netlify’s scheduler sends', async () => {
  const request = scheduledRequest('http://localhost:8888', 'retry-outbox', new Date('2026-11-22T10:17:00Z'));
  expect(request.method).toBe('POST');
  expect(request.url).toBe('http://localhost:8888/.netlify/functions/retry-outbox');
  expect(request.headers.get('user-agent')).toBe('Netlify Clockwork');
  expect(request.headers.get('x-nf-event')).toBe('schedule');
  expect(await request.json()).toEqual({ next_run: '2026-11-22T10:17:00.000Z' });
});

describe('startScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:15:30Z'));
  });
  afterEach(() => vi.useRealTimers());

  test('runs each scheduled function on time, with the run after it, until stopped', async () => {
    const runs: { name: string; at: string; following: string }[] = [];
    const log = vi.fn();
    const scheduler = startScheduler({
      functions: [
        { name: 'every-minute', schedule: '* * * * *' },
        { name: 'hourly', schedule: '@hourly' },
        { name: 'on-request' },
      ],
      run: async (fn, following) => {
        runs.push({ name: fn.name, at: new Date().toISOString(), following: following.toISOString() });
      },
      log,
    });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toEqual([
      { name: 'every-minute', at: '2026-11-22T10:16:00.000Z', following: '2026-11-22T10:17:00.000Z' },
    ]);
    await vi.advanceTimersByTimeAsync(45 * 60_000);
    expect(runs.filter((run) => run.name === 'every-minute')).toHaveLength(46);
    expect(runs.filter((run) => run.name === 'hourly')).toEqual([
      { name: 'hourly', at: '2026-11-22T11:00:00.000Z', following: '2026-11-22T12:00:00.000Z' },
    ]);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toHaveLength(47);
  });

  test('a failing run is logged and the schedule goes on; a bad expression is reported, not fatal', async () => {
    const log = vi.fn();
    let calls = 0;
    const scheduler = startScheduler({
      functions: [
        { name: 'broken', schedule: '* * * * *' },
        { name: 'nonsense', schedule: 'every tuesday' },
      ],
      run: async () => {
        calls += 1;
        throw new Error('boom');
      },
      log,
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('nonsense has an invalid schedule'));
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(calls).toBe(3);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('[schedule] broken failed: Error: boom'));
    scheduler.stop();
  });
});
