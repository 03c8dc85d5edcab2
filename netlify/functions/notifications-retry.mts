import type { Config } from '@netlify/functions';
import { catchUpRecentLeads } from '../../src/server/notifications/catchUp';
import { pruneOutbox, sweepOutbox } from '../../src/server/notifications/deliver';
import { json } from '../../src/server/http/respond';

// Every minute: queues the last hour's leads that their request did not queue (it died
// after storing the lead), then sends what is due, with backoff, for 24 hours (issue 12).
// Safe to overlap with itself: entries are created with onlyIfNew and claimed with
// onlyIfMatch before they are sent.
export default async function notificationsRetry(): Promise<Response> {
  const caughtUp = await catchUpRecentLeads().catch((error: unknown) => {
    console.error('[notifications] catch-up failed; the next minute tries again', error);
    return { checked: 0, queued: 0 };
  });
  const report = await sweepOutbox();
  if (report.examined > 0 || caughtUp.queued > 0) console.log('[notifications] sweep', JSON.stringify({ ...report, caughtUp: caughtUp.queued }));
  // Once an hour is plenty for housekeeping; a failure here is retried next hour.
  const pruned = new Date().getUTCMinutes() === 0 ? await pruneOutbox().catch((error: unknown) => (console.error('[notifications] prune failed', error), 0)) : 0;
  return json({ ...report, caughtUp: caughtUp.queued, pruned });
}

export const config: Config = {
  schedule: '* * * * *',
};
