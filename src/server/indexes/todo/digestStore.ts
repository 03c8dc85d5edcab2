import type { TodoEntry } from '../../../lib/schemas/todo';
import { blobCall, collectionStore } from '../../storage/blobs';
import { withRetries } from '../../storage/retry';
import { createHash } from 'node:crypto';
import { type TodoDigest, buildDigest } from './todoDigest';
import { type DigestShard, type TodoHead, buildHead } from './todoHead';

// Where the to-do's digest lives (docs/admin.md, "To do"): one blob the minute job writes,
// and one small key per change of the index, `changed/{minute}/{ms}.{kind}.{id}`, which a read
// lists to bring the digest up to date: only the minutes since the oldest digest it may use, so
// its cost follows the changes of the last minutes, never the backlog. A change key names a
// lead, nothing about the person; its time is taken before the index changes, so a change the
// digest's listing missed always has one.

const DIGEST_KEY = 'digest';
const HEAD_KEY = 'digest-head';
/** Shard blobs, `digest-shards/{shard}/{content id}`: written when their content changes, never rewritten. */
const SHARDS = 'digest-shards/';
const CHANGED = 'changed/';
/**
 * Changes this long before a digest's listing started are read again: a change key is
 * timed a moment before its index key is written, and instances' clocks differ by seconds.
 */
export const CHANGE_SLACK_MS = 30_000;
/** Change keys the minute job keeps past the newest digest (a read may still hold an older one). */
const CHANGES_KEPT_MS = 10 * 60_000;
/**
 * A digest older than this is not used: the minute job has not run, and a read lists the index.
 * With the slack it stays inside CHANGES_KEPT_MS, so a newer digest's pruning never takes a
 * change key a read of an older one needs.
 */
export const DIGEST_FRESH_MS = 8 * 60_000;
const MINUTE_MS = 60_000;
const minuteFolder = (ms: number) => `${CHANGED}${pad(Math.floor(ms / MINUTE_MS) * MINUTE_MS)}/`;
/** More changed leads than this since the digest: a read lists the index instead. */
export const MAX_CHANGED_LEADS = 200;

const pad = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(13, '0');

/** Notes that a lead's to-do keys are about to change. */
export async function noteTodoChange(store: ReturnType<typeof collectionStore>, kind: string, id: string) {
  const now = Date.now();
  await withRetries(() => blobCall(() => store.set(`${minuteFolder(now)}${pad(now)}.${kind}.${id}`, '')));
}

const changePattern = /^changed\/\d{13}\/(\d{13})\.([A-Za-z]+)\.(.+)$/;

/**
 * The change keys of the minutes from `since` to `now` (ms; one listing a minute, side by
 * side): when, and which lead (`kind/id`).
 */
export async function listChanges(
  store: ReturnType<typeof collectionStore>,
  since: number,
  now: number,
): Promise<{ at: number; lead: string }[]> {
  const minutes: string[] = [];
  for (let at = Math.floor(since / MINUTE_MS) * MINUTE_MS; at <= now; at += MINUTE_MS) minutes.push(minuteFolder(at));
  const listings = await Promise.all(minutes.map((prefix) => blobCall(() => store.list({ prefix }))));
  return listings.flatMap(({ blobs }) =>
    blobs.flatMap(({ key }) => {
      const match = changePattern.exec(key);
      return match ? [{ at: Number(match[1]), lead: `${match[2]}/${match[3]}` }] : [];
    }),
  );
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

/** The head, when one was written and a read at `now` may use it. */
export async function readFreshHead(store: ReturnType<typeof collectionStore>, now: number): Promise<TodoHead | null> {
  const head = (await blobCall(() => store.get(HEAD_KEY, { type: 'json' }))) as TodoHead | null;
  if (!head || head.version !== 1 || !Array.isArray(head.top)) return null;
  return now >= head.dueFrom && now <= head.validUntil ? head : null;
}

/** The named shards of a head, side by side; null for one pruned since the head was read. */
export async function readShards(
  store: ReturnType<typeof collectionStore>,
  head: TodoHead,
  names: readonly string[],
): Promise<Map<string, DigestShard | null>> {
  const shards = await Promise.all(
    names.map(
      async (name) =>
        [
          name,
          (await blobCall(() =>
            store.get(`${SHARDS}${name}/${head.shards[name]}`, { type: 'json' }),
          )) as DigestShard | null,
        ] as const,
    ),
  );
  return new Map(shards);
}

const contentId = (shard: DigestShard) =>
  createHash('sha256').update(JSON.stringify(shard)).digest('base64url').slice(0, 22);

/**
 * The minute job's stage: makes the digest from one listing of the index (read by `list`,
 * which reports when it started), its head and the shards whose content changed, and
 * forgets change keys and shards no read needs any more.
 */
export async function writeDigest(
  store: ReturnType<typeof collectionStore>,
  list: () => Promise<{ startedAt: number; entries: TodoEntry[] }>,
  keyOf: (entry: TodoEntry) => string | TodoEntry,
  now: Date,
): Promise<{ people: number; changesForgotten: number; shardsWritten: number }> {
  const { startedAt, entries } = await list();
  const digest = buildDigest(entries, now, startedAt, keyOf);
  const built = buildHead(digest, { dueFrom: startedAt - CHANGE_SLACK_MS, validUntil: startedAt + DIGEST_FRESH_MS });
  const [held, heldHead, shardKeys] = await Promise.all([
    blobCall(() => store.get(DIGEST_KEY, { type: 'json' })) as Promise<TodoDigest | null>,
    blobCall(() => store.get(HEAD_KEY, { type: 'json' })) as Promise<TodoHead | null>,
    blobCall(() => store.list({ prefix: SHARDS })).then(({ blobs }) => new Set(blobs.map(({ key }) => key))),
  ]);
  // Two runs at once: the one whose listing started later is kept.
  const newest = !held || !(held.builtAt > startedAt);
  let shardsWritten = 0;
  if (newest) {
    // Shards first, each under its content's id: a head never names a shard not yet stored.
    const named = [...built.shards].map(([name, shard]) => ({ name, shard, id: contentId(shard) }));
    const missing = named.filter(({ name, id }) => !shardKeys.has(`${SHARDS}${name}/${id}`));
    await inBatches(missing, ({ name, id, shard }) =>
      withRetries(() => blobCall(() => store.setJSON(`${SHARDS}${name}/${id}`, shard))),
    );
    shardsWritten = missing.length;
    const head: TodoHead = { ...built.head, shards: Object.fromEntries(named.map(({ name, id }) => [name, id])) };
    await Promise.all([
      withRetries(() => blobCall(() => store.setJSON(DIGEST_KEY, digest))),
      withRetries(() => blobCall(() => store.setJSON(HEAD_KEY, head))),
    ]);
    // Shards neither this head nor the one before names: a read that still holds the older
    // head finds its shards for a minute more, and one that finds a shard gone reads the digest.
    const kept = new Set(
      [head, heldHead].flatMap((one) =>
        one?.shards ? Object.entries(one.shards).map(([name, id]) => `${SHARDS}${name}/${id}`) : [],
      ),
    );
    await deleteAll(
      store,
      [...shardKeys].filter((key) => !kept.has(key)),
    );
  }
  const { blobs } = await blobCall(() => store.list({ prefix: CHANGED }));
  // Older keys (`changed/{ms}.…`, from before minute folders) go too: they match no minute.
  const old = blobs
    .map(({ key }) => key)
    .filter((key) => {
      const match = changePattern.exec(key);
      return !match || Number(match[1]) < startedAt - CHANGES_KEPT_MS;
    });
  await deleteAll(store, old);
  return { people: digest.people.length, changesForgotten: old.length, shardsWritten };
}

/** Blobs calls 32 at a time: side by side, without a burst of hundreds at once. */
async function inBatches<T>(items: readonly T[], call: (item: T) => Promise<unknown>) {
  for (let at = 0; at < items.length; at += 32) await Promise.all(items.slice(at, at + 32).map(call));
}

const deleteAll = (store: ReturnType<typeof collectionStore>, keys: readonly string[]) =>
  inBatches(keys, (key) => blobCall(() => store.delete(key)));

/** Drops the digest, its head and shards (an erasure): reads list the index until the minute job makes the next. */
export async function dropDigest(store: ReturnType<typeof collectionStore>): Promise<void> {
  await Promise.all([
    withRetries(() => blobCall(() => store.delete(HEAD_KEY))),
    withRetries(() => blobCall(() => store.delete(DIGEST_KEY))),
  ]);
  const { blobs } = await blobCall(() => store.list({ prefix: SHARDS }));
  await deleteAll(
    store,
    blobs.map(({ key }) => key),
  );
}
