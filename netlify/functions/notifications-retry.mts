import type { Config } from '@netlify/functions';
import { pruneOutbox, sweepOutbox } from '../../src/server/notifications/deliver';
import { json } from '../../src/server/http/respond';

// Every minute: sends what the request's own attempt could not (SMTP or the webhook was
// down), with backoff, for 24 hours (issue 12). Safe to overlap with itself: each entry
// is claimed with onlyIfMatch before it is sent.
export default async function notificationsRetry(): Promise<Response> {
  const report = await sweepOutbox();
  if (report.examined > 0) console.log('[notifications] sweep', JSON.stringify(report));
  // Once an hour is plenty for housekeeping; a failure here is retried next hour.
  const pruned = new Date().getUTCMinutes() === 0 ? await pruneOutbox().catch((error: unknown) => (console.error('[notifications] prune failed', error), 0)) : 0;
  return json({ ...report, pruned });
}

export const config: Config = {
  schedule: '* * * * *',
};
