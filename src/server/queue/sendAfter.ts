import type { Store } from '@netlify/blobs';
import { blobCall } from '../storage/blobs';

// Work that must not run before a given time (a reminder a day before a call), kept by the
// durable queue under the UTC hour it falls due (docs/queue.md):
// `{prefix}{YYYY-MM-DDTHH}/{due ms, 13 digits}.{name}`. A run lists only the last few hours'
// folders, so its cost follows the work due, not everything scheduled weeks ahead.

const hourFolder = (prefix: string, ms: number) => `${prefix}${new Date(ms).toISOString().slice(0, 13)}/`;

export function sendAfterKey(prefix: string, dueMs: number, name: string): string {
  return `${hourFolder(prefix, dueMs)}${String(dueMs).padStart(13, '0')}.${name}`;
}

export interface Scheduled {
  key: string;
  /** Null for a key that is not of this shape (left by hand or by older code): the caller drops it. */
  dueMs: number | null;
  name: string;
}

export function parseSendAfterKey(key: string): Scheduled {
  const match = /\/(\d{13})\.([^/]+)$/.exec(key);
  return match ? { key, dueMs: Number(match[1]), name: match[2]! } : { key, dueMs: null, name: '' };
}

/** The work due by `now` in the folders of the last `lookbackHours` hours (and this one). */
export async function dueSendAfter(store: Store, prefix: string, now: Date, lookbackHours: number) {
  const folders = Array.from({ length: lookbackHours + 1 }, (_, back) =>
    hourFolder(prefix, now.getTime() - back * 3_600_000),
  );
  const listings = await Promise.all(folders.map((folder) => blobCall(() => store.list({ prefix: folder }))));
  return listings
    .flatMap(({ blobs }) => blobs.map((blob) => parseSendAfterKey(blob.key)))
    .filter((item) => item.dueMs === null || item.dueMs <= now.getTime());
}
