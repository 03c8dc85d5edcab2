import type { TodoEntry } from '../../../lib/schemas/todo';
import { blobCall, collectionStore } from '../../storage/blobs';
import { withRetries } from '../../storage/retry';
import { type TodoDigest, buildDigest } from './todoDigest';

// Where the to-do's digest lives (docs/admin.md, "To do"): one blob the minute job writes,
// and one small key per change of the index, `changed/{ms}.{kind}.{id}`, which a read lists
// to bring the digest up to date. A change key names a lead, nothing about the person; it is
// written before the index changes, so a change the digest's listing missed always has one.

const DIGEST_KEY = 'digest';
const CHANGED = 'changed/';
/**
 * Changes this long before a digest's listing started are read again: a change key is
 * written a moment before its index key, and instances' clocks differ by seconds.
 */
export const CHANGE_SLACK_MS = 2 * 60_000;
/** Change keys the minute job keeps past the newest digest (a read may still hold an older one). */
const CHANGES_KEPT_MS = 10 * 60_000;
/** A digest older than this is not used: the minute job has not run, and a read lists the index. */
export const DIGEST_FRESH_MS = 5 * 60_000;
/** More changed leads than this since the digest: a read lists the index instead. */
export const MAX_CHANGED_LEADS = 200;

const pad = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(13, '0');

/** Notes that a lead's to-do keys are about to change. */
export async function noteTodoChange(store: ReturnType<typeof collectionStore>, kind: string, id: string) {
  await withRetries(() => blobCall(() => store.set(`${CHANGED}${pad(Date.now())}.${kind}.${id}`, '')));
}

/** Every change key: when, and which lead (`kind/id`). */
export async function listChanges(store: ReturnType<typeof collectionStore>): Promise<{ at: number; lead: string }[]> {
  const { blobs } = await blobCall(() => store.list({ prefix: CHANGED }));
  return blobs.flatMap(({ key }) => {
    const match = /^changed\/(\d{13})\.([A-Za-z]+)\.(.+)$/.exec(key);
    return match ? [{ at: Number(match[1]), lead: `${match[2]}/${match[3]}` }] : [];
  });
}

/** The digest, when one was written and is recent enough to use. */
export async function readFreshDigest(
  store: ReturnType<typeof collectionStore>,
  now: number,
): Promise<TodoDigest | null> {
  const digest = (await blobCall(() => store.get(DIGEST_KEY, { type: 'json' }))) as TodoDigest | null;
  if (!digest || digest.version !== 1 || !Array.isArray(digest.people)) return null;
  return now - digest.builtAt <= DIGEST_FRESH_MS ? digest : null;
}

/**
 * The minute job's stage: makes the digest from one listing of the index (read by `list`,
 * which reports when it started) and forgets change keys no read needs any more.
 */
export async function writeDigest(
  store: ReturnType<typeof collectionStore>,
  list: () => Promise<{ startedAt: number; entries: TodoEntry[] }>,
  keyOf: (entry: TodoEntry) => string | TodoEntry,
  now: Date,
): Promise<{ people: number; changesForgotten: number }> {
  const { startedAt, entries } = await list();
  const digest = buildDigest(entries, now, startedAt, keyOf);
  // Two runs at once: the one whose listing started later is kept.
  const held = (await blobCall(() => store.get(DIGEST_KEY, { type: 'json' }))) as TodoDigest | null;
  if (!held || !(held.builtAt > startedAt)) await withRetries(() => blobCall(() => store.setJSON(DIGEST_KEY, digest)));
  const { blobs } = await blobCall(() => store.list({ prefix: CHANGED }));
  const old = blobs
    .map(({ key }) => key)
    .filter((key) => Number(key.slice(CHANGED.length, CHANGED.length + 13)) < startedAt - CHANGES_KEPT_MS);
  for (let at = 0; at < old.length; at += 32)
    await Promise.all(old.slice(at, at + 32).map((key) => blobCall(() => store.delete(key))));
  return { people: digest.people.length, changesForgotten: old.length };
}

/** Drops the digest (an erasure): reads list the index until the minute job makes the next. */
export async function dropDigest(store: ReturnType<typeof collectionStore>): Promise<void> {
  await withRetries(() => blobCall(() => store.delete(DIGEST_KEY)));
}
