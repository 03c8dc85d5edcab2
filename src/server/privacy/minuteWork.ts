import { pruneErasureLog } from './erasureLog';
import { requestsWithWork, updateRequest } from './requests';
import { answerRequest, finishErasure } from './service';
import { type RetentionReport, applyRetention } from './retention';
import { type HoldWork, holdsWork } from './parentHolds';

// The minute job's part for a person's rights (docs/privacy.md): requests a dying instance left
// unanswered or half-erased are finished, expired links forget the mailbox or number they
// proved, and the erasure log keeps a year. Within the job's time budget: nothing starts after
// the deadline.

/** A request younger than this is still its own request's to finish. */
const GRACE_MS = 60_000;

export interface PrivacyWorkReport {
  answered: number;
  erased: number;
  forgotten: number;
  logPruned: number;
  retention: RetentionReport | null;
  holds: HoldWork | null;
}

export async function privacyMinuteWork(
  now: Date,
  deadline: number,
  { hourly = false }: { hourly?: boolean } = {},
): Promise<PrivacyWorkReport> {
  const report: PrivacyWorkReport = {
    answered: 0,
    erased: 0,
    forgotten: 0,
    logPruned: 0,
    retention: null,
    holds: null,
  };
  const requests = await requestsWithWork();
  for (const request of requests) {
    if (Date.now() >= deadline) return report;
    const age = now.getTime() - Date.parse(request.updatedAt);
    if (request.status === 'received' && age >= GRACE_MS) {
      await answerRequest(request.id, now);
      report.answered += 1;
    } else if (request.status === 'erasing' && age >= GRACE_MS) {
      await finishErasure(request.id, now);
      report.erased += 1;
    } else if (
      request.status === 'link-sent' &&
      request.verified &&
      request.linkExpiresAt &&
      Date.parse(request.linkExpiresAt) <= now.getTime()
    ) {
      // The link is dead: the request keeps its dates, not the person.
      await updateRequest(request.id, (current) =>
        current.status === 'link-sent'
          ? { ...current, verified: null, tokenHash: null, doneAt: now.toISOString() }
          : null,
      );
      report.forgotten += 1;
    }
  }
  // Students' requests: links a dying request did not send, confirmations cut short, and holds past their 7 days.
  if (Date.now() < deadline) report.holds = await holdsWork(now, deadline, { hourly });
  if (!hourly) return report;
  if (Date.now() < deadline) report.logPruned = await pruneErasureLog(now);
  if (Date.now() < deadline) report.retention = await applyRetention(now, deadline);
  return report;
}
