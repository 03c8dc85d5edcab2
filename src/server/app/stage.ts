// One stage of the minute job: its work, raced against its deadline. Work still running
// at the deadline is not awaited: it goes on in the background (everything it does is
// durable and idempotent) and the next run picks up what it leaves, so no single slow
// call (a Blobs client retrying, a mail server that hangs) holds the job past its budget.

export interface StageOptions<T> {
  name: string;
  deadline: number;
  /** The stage's report when it failed or did not finish in time. */
  fallback: T;
  work(): Promise<T>;
  onCut(why: 'deadline' | 'failed'): void;
}

export async function runStage<T>({ name, deadline, fallback, work, onCut }: StageOptions<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()));
  });
  const running = work().then(
    (value) => ({ value }),
    (error: unknown) => {
      console.error(`[follow-up] stage ${name} failed; the next run tries again`, error);
      return 'failed' as const;
    },
  );
  const outcome = await Promise.race([running, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    onCut('deadline');
    return fallback;
  }
  if (outcome === 'failed') {
    onCut('failed');
    return fallback;
  }
  return outcome.value;
}
