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
