/** Counters wait 1 s, then count up for 2 s in 50 ms ticks. */
export const counterTiming = { delayMs: 1000, durationMs: 2000, tickMs: 50 } as const;

/** The value shown after each tick: evenly rising whole numbers that end exactly on the target. */
export function counterSteps(
  target: number,
  durationMs: number = counterTiming.durationMs,
  tickMs: number = counterTiming.tickMs,
): number[] {
  const ticks = Math.max(1, Math.round(durationMs / tickMs));
  return Array.from({ length: ticks }, (_, index) =>
    index === ticks - 1 ? target : Math.floor((target * (index + 1)) / ticks),
  );
}
