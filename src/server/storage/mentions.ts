import { blobCall, collectionStore } from './blobs';
import type { StoreName } from '../../lib/privacy/inventory';

// A person's traces in stores with no index of people (queued work, message logs): every blob
// under the prefixes is read as text and kept when `mentions` finds them in it. For a person's
// rights only (docs/privacy.md, "Erasure"): these stores hold days of work, not years.

const READ_BATCH = 25;

export async function keysMentioning(
  name: StoreName,
  prefixes: readonly string[],
  mentions: (text: string) => boolean,
): Promise<string[]> {
  const store = collectionStore(name);
  const listings = await Promise.all(prefixes.map((prefix) => blobCall(() => store.list({ prefix }))));
  const keys = listings.flatMap(({ blobs }) => blobs.map(({ key }) => key));
  const found: string[] = [];
  for (let start = 0; start < keys.length; start += READ_BATCH) {
    const batch = keys.slice(start, start + READ_BATCH);
    const texts = await Promise.all(batch.map((key) => blobCall(() => store.get(key, { type: 'text' }))));
    batch.forEach((key, index) => {
      const text = texts[index];
      if (text != null && mentions(text)) found.push(key);
    });
  }
  return found;
}

/** A test for a person's traces in stored text: any of their numbers (last 10 digits), mailboxes or record ids. */
export function mentionsOf(terms: readonly string[]): (text: string) => boolean {
  const wanted = terms.map((term) => term.toLowerCase()).filter((term) => term.length >= 6);
  const words = wanted.filter((term) => !/^\d+$/.test(term));
  // A number is matched by its digits, whatever spacing the text gave it, as a whole number (an
  // Indian country code or trunk zero before it allowed), never inside a longer run of digits
  // such as an id or a time.
  const numbers = wanted
    .filter((term) => /^\d+$/.test(term))
    .map((digits) => new RegExp(`(?<!\\d)(?:91|0)?${digits}(?!\\d)`));
  return (text) => {
    const lower = text.toLowerCase();
    if (words.some((term) => lower.includes(term))) return true;
    const digits = lower.replace(/[\s().-]/g, '');
    return numbers.some((number) => number.test(digits));
  };
}
