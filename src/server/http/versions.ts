import { createHash } from 'node:crypto';

// Versions of stored records for HTTP: an ETag on every answer that carries a record,
// and If-Match on edits, so an edit made from a stale copy is refused, not applied.

/**
 * A strong ETag made from the record's content. The local Blobs server gives no ETag
 * on reads and makes its ETags from file times, so the content is what names a version.
 */
export function contentEtag(record: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 27)}"`;
}

/** The ETags an If-Match header lists; null when the request has none (no precondition). */
export function ifMatchOf(req: Request): string[] | null {
  const header = req.headers.get('if-match');
  if (header === null) return null;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** RFC 9110: If-Match uses strong comparison; `*` matches any current version. */
export function satisfiesIfMatch(tags: readonly string[] | null, currentEtag: string): boolean {
  if (tags === null) return true;
  return tags.some((tag) => tag === '*' || (!tag.startsWith('W/') && tag === currentEtag));
}

/** A record changed after the editor read it: answered 412 with `current` (how it is stored now) and its ETag. */
export class StaleRecordError extends Error {
  constructor(
    readonly current: object,
    what: string,
  ) {
    super(
      `This ${what} was changed by someone else meanwhile. Here it is as it is now: check it and make your change again.`,
    );
    this.name = 'StaleRecordError';
  }
}

/**
 * `change` guarded by If-Match, for a collection's conditional update: the check runs
 * inside the write's change step, against the very version the write replaces; if anyone
 * writes in between, the write is retried from a fresh read and the check sees the new
 * version. So a stale edit never lands. `what` names the record in the 412's message.
 */
export function ifMatchChange<Rec extends object>(
  ifMatch: readonly string[] | null,
  what: string,
  change: (current: Rec) => Rec,
): (current: Rec) => Rec {
  return (current) => {
    if (!satisfiesIfMatch(ifMatch, contentEtag(current))) throw new StaleRecordError(current, what);
    return change(current);
  };
}
