import { type TodoEntry, type TodoKind, todoEntrySchema, todoKinds } from '../../../lib/schemas/todo';
import { blobCall, collectionStore } from '../../storage/blobs';
import { withKeyLock } from '../../storage/keyLock';
import { MAX_KEY_PART_BYTES } from '../../storage/keys';
import { withRetries } from '../../storage/retry';
import { noteTodoChange } from './digestStore';
import { orderedEntries } from './order';
import type { DigestEntry } from './todoDigest';

// The to-do index (docs/admin.md, "To do"): one key per lead still pending, written by the lead's
// follow-up event and removed when its status leaves pending. The key holds what the
// to-do shows, so reading the whole to-do is one listing of `pending/`, however many
// leads the site has ever had:
//
//   pending/{kind}.{id}.{dueMs}.{base64url JSON [name, phone, email, createdMs, hours, stage?, callMs?]}
//
// Times are packed as milliseconds and the stage cut to KEY_STAGE_CHARS (the blob keeps it
// whole), so a key with a stage and a booked call still fits a file name.
//
// Kind and id come first so one lead's keys are found with a prefix (an edit of the name
// makes a new key); no folder per lead, since a store walks folders one by one (the local
// one took 1.5 s to list 18,000 leads in folders, 0.2 s flat). A lead whose details would
// make the key too long keeps them in the blob only (`.-`), and the listing reads that
// one blob; every blob holds the entry.

export const TODO_STORE = 'lead-todo';
const PENDING = 'pending/';
// Netlify Blobs takes keys up to 600 bytes.
const MAX_KEY_BYTES = 560;
const BODY_ONLY = '-';
const BODY_READS_AT_ONCE = 16;
/** The stage as the key keeps it: enough to tell a student from a professional at a glance. */
export const KEY_STAGE_CHARS = 32;

const store = () => collectionStore(TODO_STORE);
const pad = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(13, '0');
const leadPrefix = (kind: TodoKind, id: string) => `${PENDING}${kind}.${id}.`;

function packed(entry: TodoEntry): unknown[] {
  const parts: unknown[] = [entry.name, entry.phone, entry.email, Date.parse(entry.createdAt), entry.promiseHours];
  const stage = entry.stage ? [...entry.stage].slice(0, KEY_STAGE_CHARS).join('') : null;
  const callAt = entry.callAt ? Date.parse(entry.callAt) : null;
  if (stage !== null || callAt !== null) parts.push(stage, callAt);
  return parts;
}

/** A packed time: milliseconds, or the ISO text keys written before held. */
const timeOf = (value: unknown) => (typeof value === 'number' ? new Date(value).toISOString() : value);

/** The index key of an entry. */
export function todoKey(entry: TodoEntry): string {
  const base = `${leadPrefix(entry.kind, entry.id)}${pad(Date.parse(entry.dueAt))}.`;
  const key = base + Buffer.from(JSON.stringify(packed(entry))).toString('base64url');
  // The last part (everything after `pending/`) is one file name on the local store.
  const fits = Buffer.byteLength(key) <= MAX_KEY_BYTES && Buffer.byteLength(key) - PENDING.length <= MAX_KEY_PART_BYTES;
  return fits ? key : base + BODY_ONLY;
}

/** The entry a key names, 'body' when only its blob holds the details, null for anything else. */
export function entryOfTodoKey(key: string): TodoEntry | 'body' | null {
  const match = /^pending\/([A-Za-z]+)\.(\d{13}-[0-9a-f]{10})\.(\d{13})\.(.+)$/.exec(key);
  if (!match || !(todoKinds as readonly string[]).includes(match[1]!)) return null;
  if (match[4] === BODY_ONLY) return 'body';
  try {
    // Without a stage or a call (and in keys written before they were packed) five parts.
    const [name, phone, email, createdAt, promiseHours, stage = null, callAt = null] = JSON.parse(
      Buffer.from(match[4]!, 'base64url').toString('utf8'),
    ) as unknown[];
    const parsed = todoEntrySchema.safeParse({
      kind: match[1],
      id: match[2],
      name,
      phone,
      email,
      createdAt: timeOf(createdAt),
      promiseHours,
      stage,
      callAt: timeOf(callAt),
      dueAt: new Date(Number(match[3])).toISOString(),
    });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Adds a pending lead (its creation's follow-up): a key is a fact, written once. */
export async function addTodo(entry: TodoEntry): Promise<void> {
  const value = todoEntrySchema.parse(entry);
  // Side by side: the change key's time is taken before either write starts (digestStore.ts).
  await Promise.all([
    noteTodoChange(store(), value.kind, value.id),
    withRetries(() => blobCall(() => store().setJSON(todoKey(value), value, { onlyIfNew: true }))),
  ]);
}

/**
 * After an owner's change to a lead (status, name, phone, e-mail, removal, its booked
 * call): makes the index say what the lead says now. Lists the lead's keys, then asks
 * `current` (given the entry the index holds now, or null) for the entry it should hold,
 * inside a per-lead turn, so the last of two quick changes decides; also clears a key a
 * late creation follow-up left behind.
 */
export async function syncTodo(
  kind: TodoKind,
  id: string,
  current: (held: TodoEntry | null) => Promise<TodoEntry | null>,
): Promise<void> {
  await withKeyLock(`${TODO_STORE}/${kind}/${id}`, async () => {
    const { blobs } = await blobCall(() => store().list({ prefix: leadPrefix(kind, id) }));
    const keys = blobs.map((blob) => blob.key);
    const entry = await current(keys[0] ? await entryOfKey(keys[0]) : null);
    const wanted = entry ? todoKey(todoEntrySchema.parse(entry)) : null;
    const stale = keys.filter((key) => key !== wanted);
    if (stale.length === 0 && (!wanted || keys.includes(wanted))) return;
    await noteTodoChange(store(), kind, id);
    await Promise.all(stale.map((key) => withRetries(() => blobCall(() => store().delete(key)))));
    if (entry && wanted && !keys.includes(wanted))
      await withRetries(() => blobCall(() => store().setJSON(wanted, entry, { onlyIfNew: true })));
  });
}

async function readBody(key: string): Promise<TodoEntry | null> {
  const value = await blobCall(() => store().get(key, { type: 'json' }));
  const parsed = todoEntrySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The entry a key holds: from its name, or (long details) from its blob. */
async function entryOfKey(key: string): Promise<TodoEntry | null> {
  const entry = entryOfTodoKey(key);
  return entry === 'body' ? readBody(key) : entry;
}

/** Entries of the keys listed, reading the blob of those whose key holds no details. */
async function entriesOfKeys(keys: readonly string[]): Promise<TodoEntry[]> {
  const entries: TodoEntry[] = [];
  const bodies: string[] = [];
  for (const key of keys) {
    const entry = entryOfTodoKey(key);
    if (entry === 'body') bodies.push(key);
    else if (entry) entries.push(entry);
  }
  for (let start = 0; start < bodies.length; start += BODY_READS_AT_ONCE) {
    for (const entry of await Promise.all(bodies.slice(start, start + BODY_READS_AT_ONCE).map(readBody)))
      if (entry) entries.push(entry);
  }
  return entries;
}

/** Every pending lead, due soonest first: one listing (plus the rare blob with long details). */
export async function pendingTodo(): Promise<TodoEntry[]> {
  return orderedEntries((await listPending()).entries);
}

/** Every pending entry, and when the listing started (the digest's `builtAt`). */
export async function listPending(): Promise<{ startedAt: number; entries: TodoEntry[] }> {
  const startedAt = Date.now();
  const { blobs } = await blobCall(() => store().list({ prefix: PENDING }));
  return { startedAt, entries: await entriesOfKeys(blobs.map((blob) => blob.key)) };
}

/** The entries one lead has in the index now (none once it left the to-do). */
export async function leadTodoEntries(kind: TodoKind, id: string): Promise<TodoEntry[]> {
  const { blobs } = await blobCall(() => store().list({ prefix: leadPrefix(kind, id) }));
  return entriesOfKeys(blobs.map((blob) => blob.key));
}

/** How the digest keeps an entry: its key when the key holds the details, else the entry. */
export function digestEntryOf(entry: TodoEntry): DigestEntry {
  const key = todoKey(entry);
  return key.endsWith(`.${BODY_ONLY}`) ? entry : key;
}

/** A digest entry back as the entry it is. */
export function entryOfDigest(entry: DigestEntry): TodoEntry | null {
  if (typeof entry !== 'string') return entry;
  const decoded = entryOfTodoKey(entry);
  return decoded === 'body' ? null : decoded;
}

export const todoStore = store;
