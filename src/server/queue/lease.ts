import type { Store } from '@netlify/blobs';
import { readForUpdate } from '../storage/atomicJson';
import { blobCall } from '../storage/blobs';

// The claim every queued piece of work is taken with before it runs (docs/queue.md): the
// work's own record is rewritten with the claim's time, over the ETag it was read with
// (onlyIfMatch), so of any number of workers on any number of instances that read it at
// once exactly one gets the claim; the others see their write refused and leave it. The
// result is written over the claim's own ETag, so a worker whose claim expired and was
// taken over cannot overwrite the newer worker's result. A claim expires: a worker that
// died leaves work another may take after `expiryMs`.

/** A record as read, with the ETag a conditional write needs. */
export interface Versioned<T> {
  value: T;
  etag: string;
}

/** A taken claim: the record as claimed, and the claim's ETag for writing the result. */
export interface Lease<T> extends Versioned<T> {
  key: string;
}

export type LeaseRefusal = 'missing' | 'not-due' | 'claimed-elsewhere';

export interface LeaseRequest<T> {
  store: Store;
  key: string;
  parse(value: unknown): T;
  /** Whether the record may be claimed now (due, and no live claim on it). */
  claimable(value: T, now: Date): boolean;
  /** The record as claimed (its claim time set, its try counted where the queue counts on claiming). */
  claim(value: T, now: Date): T;
  now: Date;
  /** The record as this worker already has it (just written, or just read): saves a read. */
  known?: Versioned<T>;
}

/** Whether a claim taken at `claimedAt` is still held (younger than `expiryMs`). */
export const claimIsLive = (claimedAt: string | null | undefined, now: Date, expiryMs: number) =>
  !!claimedAt && now.getTime() - Date.parse(claimedAt) < expiryMs;

export async function readVersioned<T>(store: Store, key: string, parse: (value: unknown) => T) {
  const found = await readForUpdate(store, key);
  return found ? { value: parse(found.data), etag: found.etag } : null;
}

/** Takes the claim on one record, or says why not. */
export async function takeLease<T>(request: LeaseRequest<T>): Promise<Lease<T> | LeaseRefusal> {
  const { store, key, now } = request;
  const current = request.known ?? (await readVersioned(store, key, request.parse));
  if (!current) return 'missing';
  if (!request.claimable(current.value, now)) return 'not-due';
  const claimed = request.claim(current.value, now);
  const written = await blobCall(() => store.setJSON(key, claimed, { onlyIfMatch: current.etag }));
  if (!written.modified) return 'claimed-elsewhere';
  return { key, value: claimed, etag: written.etag ?? '' };
}

/** Writes the lease's result (or any next state) over the claim; false when the claim was taken over meanwhile. */
export async function settleLease<T>(store: Store, lease: Lease<T>, next: T): Promise<string | null> {
  const written = await blobCall(() => store.setJSON(lease.key, next, { onlyIfMatch: lease.etag }));
  return written.modified ? (written.etag ?? '') : null;
}
