import { type LeadKind, leadKinds } from '../../lib/schemas/notifications';
import { RETRY_WINDOW_MS } from './backoff';
import { deliver } from './deliver';
import type { LeadEvent } from './leadEvents';
import { countLeadSource } from './leadSources';
import { type OutboxEntry, enqueue, entryId } from './outbox';
import { notificationSettings, siteAddress } from './settings';
import { ownerEmail, ownerWebhook, visitorEmail } from './templates';

/** The part of Netlify's Context we use: work that may finish after the response. */
export interface AfterResponse {
  waitUntil?(promise: Promise<unknown>): void;
}

// The visitor's lead is stored before this runs; whatever happens here is logged, never
// thrown, and never waited on for longer than this.
const ANNOUNCE_DEADLINE_MS = 4000;

/** The outbox entries one event needs with the current settings (pure). */
export function outboxEntriesFor(event: LeadEvent, site: string, webhook: boolean, now: Date): OutboxEntry[] {
  const base = {
    kind: event.kind,
    leadId: event.leadId,
    status: 'pending' as const,
    attempts: 0,
    lastError: null,
    nextAttemptAt: now.toISOString(),
    claimedAt: null,
    retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS).toISOString(),
    createdAt: now.toISOString(),
    sentAt: null,
  };
  const owner = ownerEmail(event, site);
  const entries: OutboxEntry[] = [
    { ...base, id: entryId(event.leadId, event.kind, 'email'), channel: 'email', subject: owner.subject, to: null, mail: owner, webhook: null },
  ];
  if (webhook) {
    const body = ownerWebhook(event, site);
    entries.push({ ...base, id: entryId(event.leadId, event.kind, 'webhook'), channel: 'webhook', subject: owner.subject, to: null, mail: null, webhook: { ...body } });
  }
  const visitor = visitorEmail(event, site);
  if (visitor && event.person.email) {
    entries.push({ ...base, id: entryId(event.leadId, event.kind, 'visitor-email'), channel: 'visitor-email', subject: visitor.subject, to: event.person.email, mail: visitor, webhook: null });
  }
  return entries;
}

/**
 * Writes the event's outbox entries (none when notifications are off) and returns the ids
 * it created; entries that exist already are left alone, so queuing twice sends once.
 */
export async function queueEvent(event: LeadEvent, site: string, now: Date): Promise<string[]> {
  const state = notificationSettings();
  if (!state.enabled) return [];
  return enqueue(outboxEntriesFor(event, site, state.settings.webhookUrl !== null, now));
}

async function record(event: LeadEvent, site: string, context: AfterResponse | undefined, now: Date): Promise<void> {
  if ((leadKinds as readonly string[]).includes(event.kind)) {
    await countLeadSource(event.kind as LeadKind, event.attribution, new Date(event.at)).catch((error: unknown) =>
      console.error(`[notifications] ${event.kind} ${event.leadId}: the source count failed (the lead is stored)`, error),
    );
  }
  const created = await queueEvent(event, site, now);
  if (created.length === 0) return;
  const sending = Promise.all(
    created.map((id) =>
      deliver(id).catch((error: unknown) => console.error(`[notifications] ${id}: sending after the response failed; the sweep retries`, error)),
    ),
  );
  // Without waitUntil (a caller outside a request) the scheduled sweep sends within a minute.
  context?.waitUntil?.(sending);
}

/**
 * Tells the owner (and the visitor, where a confirmation applies) about a stored lead or
 * payment event: counts its source, queues the messages in the outbox, and sends them after
 * the response. Never throws and never holds the visitor's answer for long.
 */
export async function announce(event: LeadEvent, site: string, context?: AfterResponse, now: Date = new Date()): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ANNOUNCE_DEADLINE_MS);
  });
  const running = record(event, site, context, now).then(
    () => 'done' as const,
    (error: unknown) => {
      console.error(`[notifications] ${event.kind} ${event.leadId}: could not be queued; the lead is stored but nobody was notified`, error);
      return 'failed' as const;
    },
  );
  const outcome = await Promise.race([running, late]);
  clearTimeout(timer);
  if (outcome === 'late') console.error(`[notifications] ${event.kind} ${event.leadId}: still queuing after ${ANNOUNCE_DEADLINE_MS} ms; answering the visitor first`);
}

/** What a handler hands to server modules: announce an event of this request. */
export type Announcer = (event: LeadEvent) => Promise<void>;

export function announcerFor(req: Request, context?: AfterResponse): Announcer {
  const site = siteAddress(req);
  return (event) => announce(event, site, context);
}
