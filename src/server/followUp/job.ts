import { snapshotExportSlices } from '../admin/export/exportRows';
import { foldCounts } from '../admin/stats/counterStore';
import { eachUntil } from '../eachUntil';
import { pruneOutbox, sweepOutbox, type SweepReport } from '../notifications/deliver';
import { foldLeadSources } from '../notifications/leadSources';
import { type ReminderReport, sendDueReminders } from '../appointments/reminders';
import { eventTime, pendingEventIds, readEvent } from './events';
import { followUp, isInFlight } from './process';

// The minute job (DECISIONS 26): finishes the follow-up events nobody finished (the
// request's process died, or Blobs failed), oldest first, folds the counters' and
// sources' changes, then retries the outbox. It finds its work by listing time-ordered
// keys, never by reading leads, and starts nothing new after its budget: Netlify stops a
// scheduled function at 30 seconds, and the next minute's run goes on where this stopped.

export const JOB_BUDGET_MS = 20_000;
/** An event this young is most likely being done by its own request's follow-up right now. */
export const EVENT_GRACE_MS = 30_000;
const EVENT_CONCURRENCY = 32;

export interface JobOptions {
  budgetMs?: number;
  now?: () => Date;
  /** Housekeeping (old outbox history): the scheduled run does it once an hour. */
  prune?: boolean;
}

export interface JobReport {
  ms: number;
  events: { done: number; left: number };
  folded: { counts: number; sources: number; left: number };
  outbox: SweepReport;
  pruned: number;
  reminders: ReminderReport;
  snapshots: { made: number; left: number };
}

export async function runFollowUpJob({ budgetMs = JOB_BUDGET_MS, now = () => new Date(), prune = false }: JobOptions = {}): Promise<JobReport> {
  const started = Date.now();
  const deadline = started + budgetMs;
  // Each stage gets its share of the budget; what a stage leaves, the next may use.
  const until = (share: number) => Math.min(deadline, started + budgetMs * share);

  const pending = await pendingEventIds();
  const cutoff = now().getTime() - EVENT_GRACE_MS;
  const due = pending.filter((id) => eventTime(id) <= cutoff && !isInFlight(id));
  let done = 0;
  await eachUntil(due, EVENT_CONCURRENCY, until(0.6), async (id) => {
    try {
      const event = await readEvent(id);
      if (event && (await followUp(event)) === 'done') done += 1;
    } catch (error) {
      console.error(`[follow-up] event ${id} failed; the next run tries again`, error);
    }
  });

  // Changes of events still pending are left alone: doing the event again must not count twice.
  let left = 0;
  const unfinished = async () => {
    const ids = new Set(await pendingEventIds());
    left = ids.size;
    return ids;
  };
  const counts = await foldCounts({ unfinished, deadline: until(0.7) }).catch((error: unknown) => {
    console.error('[follow-up] folding the counters failed; the next run tries again', error);
    return { folded: 0, repeated: 0, left: 0 };
  });
  const sources = await foldLeadSources({ unfinished, deadline: until(0.75) }).catch((error: unknown) => {
    console.error('[follow-up] folding the lead sources failed; the next run tries again', error);
    return { folded: 0, repeated: 0, left: 0 };
  });

  const reminders = await sendDueReminders(now(), until(0.8)).catch((error: unknown) => {
    console.error('[follow-up] call reminders failed; the next run tries again', error);
    return { sent: 0, dropped: 0, left: 0 };
  });
  const outbox = await sweepOutbox({ now, deadline: until(0.95) });
  const pruned = prune ? await pruneOutbox(now(), deadline).catch((error: unknown) => (console.error('[follow-up] prune failed', error), 0)) : 0;
  // Last, with whatever time is left: only the owner's export waits for it.
  const snapshots = await snapshotExportSlices(deadline).catch((error: unknown) => {
    console.error('[follow-up] copying slices for the export failed; the next run tries again', error);
    return { made: 0, left: 0 };
  });

  return {
    ms: Date.now() - started,
    events: { done, left },
    folded: { counts: counts.folded, sources: sources.folded, left: counts.left + sources.left },
    outbox,
    pruned,
    reminders,
    snapshots,
  };
}

/** One log line a run: how long it took and what is left for the next. */
export function describeRun(report: JobReport): string {
  const sent = report.outbox.outcomes.sent ?? 0;
  return (
    `[follow-up] ran ${report.ms} ms: ${report.events.done} events done, ${report.events.left} left; ` +
    `folded ${report.folded.counts + report.folded.sources} changes, ${report.folded.left} left; ` +
    `outbox ${report.outbox.examined} tried (${sent} sent), ${report.outbox.left} left; ` +
    `reminders ${report.reminders.sent} sent, ${report.reminders.left} left; pruned ${report.pruned}; ` +
    `export copies ${report.snapshots.made} made, ${report.snapshots.left} left`
  );
}
