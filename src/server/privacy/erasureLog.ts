import { z } from 'zod';
import { blobCall, collectionStore } from '../storage/blobs';
import { newestFirstKey } from '../storage/keys';
import { REQUESTS_STORE } from './requests';

// The erasure log (docs/privacy.md, "Erasure"): one line per erasure, without the data: when,
// why, which stores and how many records in each. Kept a year, so the owner can show the Board
// what was done; the minute job drops older lines. Filed under the month, newest first inside
// it, so dropping a year-old month is one listing of its folder.

const PREFIX = 'erasure-log/';
export const LOG_KEPT_MONTHS = 12;

export const erasureReasons = ['request', 'owner', 'retention', 'parent-unconfirmed'] as const;
export type ErasureReason = (typeof erasureReasons)[number];

export const erasureLogLineSchema = z.object({
  at: z.string(),
  reason: z.enum(erasureReasons),
  /** Records erased per store (only stores where something was erased). */
  erased: z.record(z.string(), z.number().int().min(0)),
  /** Records kept because a law says so, per store. */
  kept: z.record(z.string(), z.number().int().min(0)),
  /** The request it answered, if any. */
  requestId: z.string().nullable(),
});
export type ErasureLogLine = z.infer<typeof erasureLogLineSchema>;

const monthOf = (at: Date) => at.toISOString().slice(0, 7);

export async function logErasure(line: ErasureLogLine): Promise<void> {
  const at = new Date(line.at);
  const key = `${PREFIX}${monthOf(at)}/${newestFirstKey(at.getTime())}`;
  await blobCall(() => collectionStore(REQUESTS_STORE).setJSON(key, erasureLogLineSchema.parse(line)));
}

/** Every line of the log, newest first. */
export async function erasureLog(): Promise<ErasureLogLine[]> {
  const store = collectionStore(REQUESTS_STORE);
  const { blobs } = await blobCall(() => store.list({ prefix: PREFIX }));
  const lines = await Promise.all(blobs.map(({ key }) => blobCall(() => store.get(key, { type: 'json' }))));
  return lines
    .map((line) => erasureLogLineSchema.safeParse(line))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
    .sort((a, b) => b.at.localeCompare(a.at));
}

/** Drops the lines of months more than a year old. Returns how many went. */
export async function pruneErasureLog(now: Date): Promise<number> {
  const store = collectionStore(REQUESTS_STORE);
  const oldest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - LOG_KEPT_MONTHS, 1));
  const { blobs } = await blobCall(() => store.list({ prefix: PREFIX }));
  const old = blobs.filter(({ key }) => key.slice(PREFIX.length, PREFIX.length + 7) < monthOf(oldest));
  await Promise.all(old.map(({ key }) => blobCall(() => store.delete(key))));
  return old.length;
}
