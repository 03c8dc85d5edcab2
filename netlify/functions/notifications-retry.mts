import type { Config } from '@netlify/functions';
import { sweepOutbox } from '../../src/server/notifications/deliver';
import { json } from '../../src/server/http/respond';

// Every minute: sends what the request's own attempt could not (SMTP or the webhook was
// down), with backoff, for 24 hours (issue 12). Safe to overlap with itself: each entry
// is claimed with onlyIfMatch before it is sent.
export default async function notificationsRetry(): Promise<Response> {
  const report = await sweepOutbox();
  if (report.examined > 0) console.log('[notifications] sweep', JSON.stringify(report));
  return json(report);
}

export const config: Config = {
  schedule: '* * * * *',
};
