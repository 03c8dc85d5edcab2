import type { BreachNoticeRequest } from '../../lib/schemas/privacy';
import { afterResponse } from '../http/afterResponse';
import { breachNoticeMail } from '../messages';
import { deliver, enqueue, newEntry } from '../notifications';
import { newestFirstKey } from '../storage/keys';

// A breach notice to each person affected (docs/privacy.md, "A breach"; the Rules' rule 7):
// the owner's words in our frame, one outbox entry per address, so each is sent, retried and
// listed like any other message, and the request answers once they are queued.

const DELIVER_NOW = 20;

/** Queues one notice per address (duplicates once). Returns how many were queued. */
export async function sendBreachNotices(request: BreachNoticeRequest, now: Date = new Date()): Promise<number> {
  const mail = breachNoticeMail(request);
  const batch = newestFirstKey(now.getTime());
  const addresses = [...new Set(request.emails.map((email) => email.trim().toLowerCase()))];
  const entries = addresses.map((to, index) =>
    newEntry(
      {
        kind: 'privacy-breach',
        // One batch, one entry per address: the ids sort with the batch and never collide.
        leadId: `${batch}.${index}`,
        channel: 'visitor-email',
        subject: mail.subject,
        to,
        mail,
        webhook: null,
      },
      now,
    ),
  );
  for (let start = 0; start < entries.length; start += 100) await enqueue(entries.slice(start, start + 100));
  // The first few go after the answer; the minute job sends the rest.
  await afterResponse(`breach notices ${batch}`, () =>
    Promise.all(entries.slice(0, DELIVER_NOW).map((entry) => deliver(entry.id))),
  );
  return entries.length;
}
