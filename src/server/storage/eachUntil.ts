/**
 * Runs `work` over `items`, `concurrency` at a time (a new one starts as each ends),
 * starting nothing after `deadline`; how many it started. The scheduled job's stages
 * and the export's slice reads share it.
 */
export async function eachUntil<T>(
  items: readonly T[],
  concurrency: number,
  deadline: number,
  work: (item: T) => Promise<void>,
): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && Date.now() < deadline) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return next;
}
