import { describe, expect, test } from 'vitest';
import { chartGeometry, describeDaily, niceMax } from '../../src/lib/admin/conversionChart';

describe('conversion chart (pure)', () => {
  test('the scale rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 11, 26, 51, 300].map(niceMax)).toEqual([1, 1, 2, 5, 10, 20, 50, 100, 500]);
  });

  test('bars stand on the baseline, as high as their share of the scale; clients inside their day', () => {
    const { max, bars, ticks, baseline } = chartGeometry(
      [
        { date: '2026-11-24', leads: 4, payingClients: 1 },
        { date: '2026-11-25', leads: 0, payingClients: 0 },
      ],
      { width: 240, height: 130, left: 40, bottom: 20, top: 10 },
    );
    expect(max).toBe(5);
    expect(baseline).toBe(110);
    expect(bars[0]!.leads).toEqual({ y: 30, height: 80 });
    expect(bars[0]!.clients.height).toBe(20);
    expect(bars[0]!.clients.x).toBeGreaterThan(bars[0]!.x);
    expect(bars[0]!.clients.x + bars[0]!.clients.width).toBeLessThan(bars[0]!.x + bars[0]!.width);
    expect(bars[1]!.leads.height).toBe(0);
    expect(bars[1]!.x).toBeGreaterThanOrEqual(140);
    expect(ticks.map((tick) => tick.value)).toEqual([0, 5]);
  });

  test('the description names the totals, the busiest day and the days with payments', () => {
    expect(
      describeDaily([
        { date: '2026-11-23', leads: 2, payingClients: 0 },
        { date: '2026-11-24', leads: 5, payingClients: 1 },
        { date: '2026-11-25', leads: 1, payingClients: 1 },
      ]),
    ).toBe('From 23 Nov to 25 Nov: 8 leads and 2 paying clients. Most leads on 24 Nov (5). Paying clients on 2 days.');
    expect(describeDaily([{ date: '2026-11-25', leads: 0, payingClients: 0 }])).toBe(
      'From 25 Nov to 25 Nov: 0 leads and 0 paying clients.',
    );
  });
});
