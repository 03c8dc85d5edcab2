// Runs scheduled functions (`config.schedule`, a cron expression in UTC) on their
// schedule while the server is up, with the request Netlify's scheduler sends.
import { CronExpressionParser } from 'cron-parser';

/** setTimeout cannot wait longer; longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The first run strictly after `after`, as Netlify reads the expression (UTC).
 * @param {string} schedule
 * @param {Date} after
 */
export function nextRun(schedule, after) {
  return CronExpressionParser.parse(schedule, { tz: 'Etc/UTC', currentDate: after }).next().toDate();
}

/**
 * The request Netlify's scheduler sends: a POST whose JSON body names the next run.
 * @param {string} origin
 * @param {string} name
 * @param {Date} following
 */
export function scheduledRequest(origin, name, following) {
  return new Request(new URL(`/.netlify/functions/${name}`, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Netlify Clockwork', 'x-nf-event': 'schedule' },
    body: JSON.stringify({ next_run: following.toISOString() }),
  });
}

/**
 * @template {{ name: string, schedule?: string }} F
 * @param {{
 *   functions: F[],
 *   run: (fn: F, following: Date) => Promise<unknown>,
 *   now?: () => number,
 *   log?: (message: string) => void,
 * }} options
 */
export function startScheduler({ functions, run, now = Date.now, log = console.log }) {
  /** @type {Map<string, ReturnType<typeof setTimeout>>} */
  const timers = new Map();
  let stopped = false;

  /**
   * @param {F & { schedule: string }} fn
   * @param {Date} due
   */
  function wait(fn, due) {
    if (stopped) return;
    const delay = due.getTime() - now();
    const timer = setTimeout(
      () => (delay > MAX_TIMER_MS ? wait(fn, due) : fire(fn, due)),
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    // A pending schedule alone does not keep the process alive.
    timer.unref();
    timers.set(fn.name, timer);
  }

  /**
   * @param {F & { schedule: string }} fn
   * @param {Date} due
   */
  function fire(fn, due) {
    const following = nextRun(fn.schedule, due);
    wait(fn, following);
    run(fn, following).catch((error) => log(`[schedule] ${fn.name} failed: ${error}`));
  }

  for (const fn of functions) {
    if (!fn.schedule) continue;
    const scheduled = /** @type {F & { schedule: string }} */ (fn);
    try {
      const due = nextRun(scheduled.schedule, new Date(now()));
      log(`[schedule] ${fn.name} runs on "${fn.schedule}" (UTC), next at ${due.toISOString()}`);
      wait(scheduled, due);
    } catch (error) {
      log(
        `[schedule] ${fn.name} has an invalid schedule "${fn.schedule}": ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  return {
    stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
