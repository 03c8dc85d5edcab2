// What of a stored text is drawn on a document PDF. A record may hold anything an older form
// or the gateway let through, and the PDF is a tax document: nothing in it may move, hide or
// fake text. So line breaks become spaces (a name cannot push a fake line under itself),
// control, format (zero-width, bidi), private-use and unassigned characters go, and emoji go
// rather than print as empty boxes. See docs/payments.md (invoice PDFs).

/** Whitespace of every kind, line and paragraph separators and NEL included. */
const WHITESPACE = /[\s\u0085]+/gu;
/** Controls, format characters, private use, unassigned and lone surrogates, and whatever Unicode says is drawn as nothing. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
/** Emoji and their parts (skin tones, flags' letters, the keycap ring); © ® ™ are text and stay. */
// Each part is matched on its own, so a modifier or keycap ring left alone goes too.
const EMOJI =
  // eslint-disable-next-line no-misleading-character-class
  /(?![\u00a9\u00ae\u2122])[\p{Extended_Pictographic}\p{Emoji_Presentation}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\u20e3]/gu;

/** One line of printable text: whitespace runs become one space, the rest as above. */
export function printableLine(text: string): string {
  return text
    .normalize('NFC')
    .replace(WHITESPACE, ' ')
    .replace(INVISIBLE, '')
    .replace(EMOJI, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Printable paragraphs of a text whose line breaks mean something (an address): empty ones go. */
export function printableParagraphs(text: string): string[] {
  return text
    .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/u)
    .map(printableLine)
    .filter(Boolean);
}
