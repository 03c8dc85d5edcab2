import type { Config } from '@netlify/functions';
import { describeRun, runFollowUpJob } from '../../src/server/app';
import { json } from '../../src/server/http/respond';

// Every minute: finishes the follow-up of leads whose request did not (counters, sources,
// person index, notifications), then retries notifications with backoff for 24 hours
// (docs/decisions/0024-lead-notifications-and-attribution.md, 0026-store-answer-follow-up.md).
// Safe to overlap with itself and with requests: every step is
// idempotent and every message is claimed with onlyIfMatch before it is sent.
export default async function followUp(): Promise<Response> {
  const report = await runFollowUpJob({ prune: new Date().getUTCMinutes() === 0 });
  console.log(describeRun(report));
  return json(report);
}

export const config: Config = {
  schedule: '* * * * *',
};
