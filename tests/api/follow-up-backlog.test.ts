import { expect, test } from 'vitest';
import { readCounts } from '../../src/server/indexes/stats/counterStore';
import { contacts } from '../../src/server/leads/contacts';
import { pendingEventIds, storeEvent } from '../../src/server/followUp/events';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { contactFollowUp } from './support/leadEvents';

// The minute job after an outage: 10,000 leads whose follow-up never ran (what their
// requests left: the event, with the record in it). Each run must stop within its budget
// and the next runs go on where it stopped.

const BACKLOG = 10_000;
const BUDGET_MS = 3_000;
// Work started just before the deadline still finishes (one event, one fold, one send).
const OVERRUN_MS = 1_500;

const leftByARequest = (n: number, at: Date) => contactFollowUp(at, `Backlog ${n}`, `backlog${n}@example.com`);

test('a backlog of 10,000 unfinished events: every job run stops within its budget, and a few runs finish it', async () => {
  const start = Date.now() - 10 * 60_000;
  const events = Array.from({ length: BACKLOG }, (_, n) => leftByARequest(n, new Date(start + n * 50)));
  for (let from = 0; from < events.length; from += 200)
    await Promise.all(events.slice(from, from + 200).map((event) => storeEvent(event)));
  expect(await pendingEventIds()).toHaveLength(BACKLOG);

  const runs: Array<{ ms: number; left: number }> = [];
  // About 400 events a run on the 2-core machine (each writes its record's index, counts, to-do
  // and change key): some 26 runs, then the folds. The cap only keeps a broken job from looping.
  for (let run = 0; run < 45; run += 1) {
    const report = await runFollowUpJob({ budgetMs: BUDGET_MS });
    runs.push({ ms: report.ms, left: report.events.left + report.folded.left });
    if (report.events.left === 0 && report.folded.left === 0) break;
  }
  console.log('[backlog] runs', JSON.stringify(runs));
  // More than one run was needed (the budget was what stopped the first), and each kept to it.
  expect(runs.length).toBeGreaterThan(1);
  expect(runs[0]!.left).toBeGreaterThan(0);
  for (const run of runs) expect(run.ms).toBeLessThan(BUDGET_MS + OVERRUN_MS);
  expect(runs.at(-1)!.left).toBe(0);
  // Oldest first: every lead stored and counted once.
  expect(await contacts.count()).toBe(BACKLOG);
  expect((await readCounts()).contacts).toBe(BACKLOG);
}, 300_000);
