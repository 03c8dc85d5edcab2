// The name a published review carries (docs/decisions/0044-client-reviews-with-consent.md): the
// first name and the initial of the last ("Priya Sharma" -> "Priya S."), a single word as it
// is. Names are letters of any script (docs/decisions/0039): the initial is the last word's
// first grapheme cluster (a letter with its combining marks and conjunct, so "श्री" of "श्रीवास्तव" stays whole),
// upper-cased where the script has case. Pure: the server computes it, never the browser.

const HAS_LETTER = /\p{L}/u;

function firstGrapheme(word: string): string {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(word)) if (HAS_LETTER.test(segment)) return segment;
  return '';
}

/** The published name, or null for a name with no letter at all. */
export function publicNameOf(fullName: string): string | null {
  const words = fullName
    .normalize('NFC')
    .split(/\s+/u)
    .filter((word) => HAS_LETTER.test(word));
  if (words.length === 0) return null;
  const first = words[0]!;
  if (words.length === 1) return first;
  const initial = firstGrapheme(words.at(-1)!).toLocaleUpperCase('en-IN');
  return `${first} ${initial}.`;
}
