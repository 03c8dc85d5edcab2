import { describe, expect, it } from 'vitest';
import { counterSteps, counterTiming } from '../../src/lib/counters';

describe('why-us counters', () => {
  it('runs 2 s in 50 ms ticks', () => {
    expect(counterTiming).toEqual({ delayMs: 1000, durationMs: 2000, tickMs: 50 });
    expect(counterSteps(3725)).toHaveLength(40);
  });
  it('rises without going backwards and ends on the target', () => {
    for (const target of [3725, 150, 24, 94]) {
      const steps = counterSteps(target);
      expect(steps.at(-1)).toBe(target);
      expect(steps.every((value, i) => i === 0 || value >= steps[i - 1]!)).toBe(true);
      expect(steps.every((value) => Number.isInteger(value) && value <= target)).toBe(true);
    }
  });
  it('copes with a duration shorter than one tick', () => {
    expect(counterSteps(10, 20, 50)).toEqual([10]);
  });
});
