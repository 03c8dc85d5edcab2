import { snapshotExportSlices } from '../leads';
import { foldCounts } from '../indexes/stats/counterStore';
import { type ReminderReport, sendDueReminders, type BackfillReport, backfillCallsBooked } from '../appointments';
import { eventTime, isDue, pendingEventIds, pendingEvents, readEvent } from '../followUp/events';
import './install';
import { leadPipeline } from './pipeline';
import { pruneOutbox, sweepOutbox, type SweepReport } from '../notifications';
import { foldLeadSources } from '../sources';
import { pruneChallenges } from '../auth';
import { pruneMessages } from '../whatsapp';
import { eachUntil } from '../storage/eachUntil';
import { runStage } from './stage';
import { refreshTodoDigest } from '../indexes/todo/readTodo';
import { type PrivacyWorkReport, privacyMinuteWork } from '../privacy';
import { type BriefReminderReport, pruneStaleUploads, sendDueBriefReminders } from '../clients';

// The site's scheduler (docs/decisions/0026-store-answer-follow-up.md,
// 0033-bounded-keys-and-dead-letters.md): one run a minute, named stages in turn, all
// within one budget. It finds its work by listing time-ordered keys, never by reading
// leads, starts nothing after a stage's share of the budget and never waits for work
// past its deadline: Netlify stops a scheduled function at 30 seconds, and the next
// minute's run goes on where this one stopped. A stage that fails is logged and the
// others run; an event that keeps failing is set aside by the pipeline, not retried here
// every minute.

export const JOB_BUDGET_MS = 20_000;
/**
 * An event this young is most likely being done by its own request's follow-up right now:
 * the job does not even read it. (Only to save reads: the event's claim, docs/queue.md, is
 * what keeps two runs of one event apart.)
 */
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
  /** `left` is -1 when it is not known: the stage that counts it did not get that far. */
  events: { done: number; left: number };
  /** Events whose run failed this time: backing off, or set aside after their last try. */
  troubled: { backingOff: number; setAside: number };
  folded: { counts: number; sources: number; left: number };
  outbox: SweepReport;
  pruned: number;
  reminders: ReminderReport;
  /** Clients nudged to fill their brief 48 hours before their first session (docs/client-space.md). */
  briefReminders: BriefReminderReport;
  /** Privacy requests finished, links forgotten, log lines pruned (null when the stage was cut short). */
  privacy: PrivacyWorkReport | null;
  /** Passkey sign-in challenges that expired unused, deleted. */
  challenges: { removed: number; left: number };
  snapshots: { made: number; left: number };
  /** People in the to-do's new digest (null when the stage was cut short). */
  todo: { people: number } | null;
  /** Calls booked before What converts counted them, counted once (callCountBackfill.ts; the hourly run only, else null). */
  backfill: BackfillReport | null;
  /** Stages that hit their deadline or failed: what the next run picks up. */
  cutShort: string[];
}

// A fold cut short or failed does not know what it left: -1, never a false 0.
const noFold = { folded: 0, repeated: 0, left: -1 };

export async function runFollowUpJob({
  budgetMs = JOB_BUDGET_MS,
  now = () => new Date(),
  prune = false,
}: JobOptions = {}): Promise<JobReport> {
  const started = Date.now();
  const deadline = started + budgetMs;
  // Each stage gets its share of the budget; what a stage leaves, the next may use.
  const until = (share: number) => Math.min(deadline, started + budgetMs * share);
  const cutShort: string[] = [];
  const stage = <T>(name: string, stageDeadline: number, fallback: T, work: () => Promise<T>) =>
    runStage({ name, deadline: stageDeadline, fallback, work, onCut: (why) => cutShort.push(`${name} (${why})`) });

  // Until the pending events are listed, how many are left is not known (-1). Counted
  // down here as events finish, and counted exactly again by the folds if they get to it,
  // so a later stage cut short never reports a backlog as done.
  const events = { done: 0, left: -1 };
  const troubled = { backingOff: 0, setAside: 0 };
  await stage('events', until(0.6), undefined, async () => {
    const pending = await pendingEvents();
    events.left = pending.length;
    const cutoff = now().getTime() - EVENT_GRACE_MS;
    const due = pending.filter(({ id }) => eventTime(id) <= cutoff);
    await eachUntil(due, EVENT_CONCURRENCY, until(0.6), async ({ id, etag }) => {
      try {
        const event = await readEvent(id);
        if (!event || !isDue(event, now())) return;
        // Claimed over the listed ETag: changed since the listing, it is left to the next run.
        const outcome = await leadPipeline.followUp(event, etag, now());
        if (outcome === 'busy') return;
        if (outcome.state === 'done' || outcome.state === 'dead') events.left -= 1;
        if (outcome.state === 'done') events.done += 1;
        else if (outcome.state === 'dead') troubled.setAside += 1;
        else troubled.backingOff += 1;
      } catch (error) {
        console.error(`[follow-up] event ${id} failed; the next run tries again`, error);
      }
    });
  });

  // Changes of events still pending are left alone: doing the event again must not count twice.
  const unfinished = async () => {
    const ids = new Set(await pendingEventIds());
    events.left = ids.size;
    return ids;
  };
  const counts = await stage('counts', until(0.7), noFold, () => foldCounts({ unfinished, deadline: until(0.7) }));
  const sources = await stage('sources', until(0.75), noFold, () =>
    foldLeadSources({ unfinished, deadline: until(0.75) }),
  );
  // Today's to-do reads this digest and the few leads changed since (docs/admin.md, "To do").
  // Not in a backlog (events or folds cut short): the index is still being written and listing
  // it would take the budget the backlog needs; reads list the index meanwhile.
  const backlog = cutShort.some((cut) => /^(events|counts|sources) /.test(cut));
  const todo = backlog
    ? null
    : await stage('todo-digest', until(0.78), null as { people: number } | null, () => refreshTodoDigest(now()));
  const reminders = await stage('reminders', until(0.8), { sent: 0, dropped: 0, left: 0 }, () =>
    sendDueReminders(now(), until(0.8)),
  );
  const briefReminders = await stage('brief-reminders', until(0.82), { sent: 0, dropped: 0, left: 0 }, () =>
    sendDueBriefReminders(now(), until(0.82)),
  );
  // A person's rights: requests and erasures a dying instance left, expired links, the log's year.
  const privacy = await stage('privacy', until(0.85), null as PrivacyWorkReport | null, () =>
    privacyMinuteWork(now(), until(0.85), { hourly: prune }),
  );
  const outbox = await stage('outbox', until(0.95), { examined: 0, outcomes: {}, left: 0 } as SweepReport, () =>
    sweepOutbox({ now, deadline: until(0.95) }),
  );
  const challenges = await stage('challenges', until(0.96), { removed: 0, left: 0 }, () =>
    pruneChallenges(now().getTime(), until(0.96)),
  );
  // Housekeeping, once an hour: nothing waits for it.
  const backfill = prune ? await stage('backfill', until(0.98), null, () => backfillCallsBooked(until(0.98))) : null;
  const pruned = prune
    ? await stage('prune', deadline, 0, async () => {
        const [outbox, whatsapp, uploads] = await Promise.all([
          pruneOutbox(now(), deadline),
          pruneMessages(now(), deadline),
          // Documents sent in parts and never completed, a day on (docs/client-space.md).
          pruneStaleUploads(now(), deadline),
        ]);
        return outbox + whatsapp + uploads;
      })
    : 0;
  // Last, with whatever time is left: only the owner's export waits for it.
  const snapshots = await stage('export-copies', deadline, { made: 0, left: 0 }, () => snapshotExportSlices(deadline));

  return {
    ms: Date.now() - started,
    events,
    troubled,
    folded: {
      counts: counts.folded,
      sources: sources.folded,
      left: counts.left < 0 || sources.left < 0 ? -1 : counts.left + sources.left,
    },
    outbox,
    pruned,
    reminders,
    briefReminders,
    todo: todo ? { people: todo.people } : null,
    privacy,
    challenges,
    snapshots,
    backfill,
    cutShort,
  };
}

/** One log line a run: how long it took and what is left for the next. */
export function describeRun(report: JobReport): string {
  const sent = report.outbox.outcomes.sent ?? 0;
  return (
    `[follow-up] ran ${report.ms} ms: ${report.events.done} events done, ${report.events.left} left` +
    `${report.troubled.backingOff ? `, ${report.troubled.backingOff} failed (backing off)` : ''}${report.troubled.setAside ? `, ${report.troubled.setAside} set aside` : ''}; ` +
    `folded ${report.folded.counts + report.folded.sources} changes, ${report.folded.left} left; ` +
    `outbox ${report.outbox.examined} tried (${sent} sent), ${report.outbox.left} left; ` +
    `reminders ${report.reminders.sent} sent, ${report.reminders.left} left; challenges ${report.challenges.removed} removed; pruned ${report.pruned}; ` +
    `export copies ${report.snapshots.made} made, ${report.snapshots.left} left` +
    (report.backfill?.counted ? `; ${report.backfill.counted} earlier calls counted` : '') +
    (report.cutShort.length ? `; cut short: ${report.cutShort.join(', ')}` : '')
  );
}
