import type { AdminPrivacyView } from '../../lib/schemas/privacy';
import { erasureLog } from './erasureLog';
import { allRequests, answerBy } from './requests';
import { leavingNextMonth, retentionMonths } from './retention';

// The owner's Privacy panel (docs/privacy.md): requests with their 90-day deadline (the open
// ones also in the to-do), the erasure log without the data, and how many leads the retention
// erases within the next month.

const OPEN = new Set(['received', 'owner-to-verify', 'erasing']);

export async function adminPrivacyView(now: Date = new Date()): Promise<AdminPrivacyView> {
  const [requests, log, leaving] = await Promise.all([allRequests(), erasureLog(), leavingNextMonth(now)]);
  return {
    requests: requests.map((request) => ({
      id: request.id,
      createdAt: request.createdAt,
      by: request.by,
      status: request.status,
      answerBy: answerBy(request),
      open: OPEN.has(request.status),
      phone: request.status === 'owner-to-verify' ? request.phone : null,
    })),
    log: log.map((line) => ({
      at: line.at,
      reason: line.reason,
      erased: Object.values(line.erased).reduce((sum, count) => sum + count, 0),
      kept: Object.values(line.kept).reduce((sum, count) => sum + count, 0),
      stores: Object.keys(line.erased).sort(),
    })),
    retention: { months: retentionMonths(), leavingNextMonth: leaving.leaving, complete: leaving.complete },
  };
}
