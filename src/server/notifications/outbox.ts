import { z } from 'zod';
import { notificationChannels, notificationKinds, notificationStatuses, type NotificationItem } from '../../lib/schemas/notifications';
import { readForUpdate } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';

// The notification outbox (issue 12) in its own Blobs store. One entry per (lead, kind,
// channel) under `entries/{id}`, created with onlyIfNew: announcing the same lead twice
// (verify and webhook both confirming a payment) stores one entry. Every entry that may
// still need sending also has a marker under `due/{id}`, so the minute-by-minute sweep
// lists the few markers instead of reading every entry ever sent. The marker is written
// before the entry and removed after the entry is final: a crash in between leaves a
// marker the sweep clears, never an entry nobody will send.

export const OUTBOX_STORE = 'notification-outbox';
const ENTRY_PREFIX = 'entries/';
const DUE_PREFIX = 'due/';

const mailSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });

export const outboxEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  leadId: z.string(),
  channel: z.enum(notificationChannels),
  subject: z.string(),
  /** The visitor's address (visitor-email); the owner's come from the settings at send time. */
  to: z.string().nullable(),
  mail: mailSchema.nullable(),
  webhook: z.record(z.string(), z.unknown()).nullable(),
  status: z.enum(notificationStatuses),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  retryUntil: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export function entryId(leadId: string, kind: OutboxEntry['kind'], channel: OutboxEntry['channel']): string {
  return `${leadId}.${kind}.${channel}`;
}

const entryKey = (id: string) => `${ENTRY_PREFIX}${id}`;
const dueKey = (id: string) => `${DUE_PREFIX}${id}`;
const store = () => collectionStore(OUTBOX_STORE);

/** Stores new entries; returns the ids of those that did not exist yet. */
export async function enqueue(entries: OutboxEntry[]): Promise<string[]> {
  const outbox = store();
  const created: string[] = [];
  for (const entry of entries) {
    // Announced before (verify and webhook both confirm one payment): nothing to add.
    if (await blobCall(() => outbox.getMetadata(entryKey(entry.id)))) continue;
    await blobCall(() => outbox.setJSON(dueKey(entry.id), { createdAt: entry.createdAt }, { onlyIfNew: true }));
    const { modified } = await blobCall(() => outbox.setJSON(entryKey(entry.id), outboxEntrySchema.parse(entry), { onlyIfNew: true }));
    if (modified) created.push(entry.id);
  }
  return created;
}

export interface VersionedEntry {
  entry: OutboxEntry;
  etag: string;
}

export async function readEntry(id: string): Promise<VersionedEntry | null> {
  const found = await readForUpdate(store(), entryKey(id));
  return found ? { entry: outboxEntrySchema.parse(found.data), etag: found.etag } : null;
}

/** Replaces the entry only if nobody wrote it since `etag` was read. */
export async function replaceEntry(entry: OutboxEntry, etag: string): Promise<boolean> {
  const outbox = store();
  const { modified } = await blobCall(() => outbox.setJSON(entryKey(entry.id), outboxEntrySchema.parse(entry), { onlyIfMatch: etag }));
  return modified;
}

export async function markDue(id: string, now: Date): Promise<void> {
  const outbox = store();
  await blobCall(() => outbox.setJSON(dueKey(id), { createdAt: now.toISOString() }, { onlyIfNew: true }));
}

export async function dropDueMarker(id: string): Promise<void> {
  const outbox = store();
  await blobCall(() => outbox.delete(dueKey(id)));
}

/** Ids with a due marker: everything not yet sent or failed for good (plus stale markers). */
export async function dueIds(): Promise<string[]> {
  const outbox = store();
  const { blobs } = await blobCall(() => outbox.list({ prefix: DUE_PREFIX }));
  return blobs.map((blob) => blob.key.slice(DUE_PREFIX.length)).sort();
}

export async function dueMarkerTime(id: string): Promise<Date | null> {
  const outbox = store();
  const value = (await blobCall(() => outbox.get(dueKey(id), { type: 'json' }))) as { createdAt?: string } | null;
  return value?.createdAt ? new Date(value.createdAt) : null;
}

/** Every entry, newest lead first (the admin's list; the outbox holds one day's worth of work plus history). */
export async function allEntries(): Promise<OutboxEntry[]> {
  const outbox = store();
  const { blobs } = await blobCall(() => outbox.list({ prefix: ENTRY_PREFIX }));
  const entries: OutboxEntry[] = [];
  for (let start = 0; start < blobs.length; start += 50) {
    const values = await Promise.all(blobs.slice(start, start + 50).map((blob) => blobCall(() => outbox.get(blob.key, { type: 'json' }))));
    for (const value of values) {
      const parsed = outboxEntrySchema.safeParse(value);
      if (parsed.success) entries.push(parsed.data);
    }
  }
  return entries.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id.localeCompare(b.id)));
}

export function toItem(entry: OutboxEntry): NotificationItem {
  return {
    id: entry.id,
    kind: entry.kind,
    leadId: entry.leadId,
    subject: entry.subject,
    channel: entry.channel,
    attempts: entry.attempts,
    lastError: entry.lastError,
    nextAttemptAt: entry.status === 'pending' ? entry.nextAttemptAt : null,
    status: entry.status,
    createdAt: entry.createdAt,
  };
}

export async function deleteEntry(id: string): Promise<void> {
  const outbox = store();
  await blobCall(() => outbox.delete(entryKey(id)));
}
