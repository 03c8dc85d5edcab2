import { Parser } from 'htmlparser2';
import { isAllowedTag, renamedTag, sanitizeContent } from './sanitize';

// Storage posts are Markdown, and the HTML inside them is cleaned before they are stored
// (docs/decisions/0019-sanitise-stored-post-html.md, 0023-storage-posts-are-markdown.md).
// Running the HTML sanitiser over the whole source would escape Markdown itself (`> quote`
// became `&gt; quote`, `<https://…>` links vanished), so only the markup is rewritten:
// every tag is replaced by what the allow-list keeps of it, and everything between tags is
// left exactly as written. The page sanitises the rendered HTML again, so this pass is
// about what we keep, not the last defence. (Markup inside Markdown code spans is treated
// as markup too: a career blog has no code samples to protect.)

/** Elements whose content is not text for a reader: dropped with the element. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'title', 'template']);
/** CommonMark autolinks, `<https://example.com>` and `<name@example.com>`, are Markdown, not tags. */
const AUTOLINK =
  /^<(?:[a-z][a-z0-9+.-]{1,31}:[^\s<>]*|[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)>$/i;
const TAG_NAME = /^[a-z][a-z0-9-]*$/;

/** Text sanitize-html keeps as is: marks where the cleaned opening tag ends. */
const END_OF_TAG = '\uE000';

/** The opening tag the allow-list makes of this one ('' when nothing is kept). */
function cleanOpeningTag(name: string, source: string): string {
  if (!isAllowedTag(name)) return '';
  // With text after it, an element is judged as it will be (a link with text is kept);
  // sanitize-html closes what it opened, and the source closes it later, on its own.
  const cleaned = sanitizeContent(source + END_OF_TAG);
  return cleaned.slice(0, Math.max(0, cleaned.indexOf(END_OF_TAG)));
}

/** Cleans the HTML inside Markdown, leaving the Markdown itself untouched. */
export function sanitizeMarkdownSource(source: string): string {
  let out = '';
  let copiedUpTo = 0;
  let dropping: string | null = null;

  const span = () => ({ start: parser.startIndex, end: parser.endIndex + 1 });
  const replace = (start: number, end: number, replacement: string) => {
    // A self-closing tag reports its end with the same span as its start: done already.
    if (start < copiedUpTo) return;
    out += source.slice(copiedUpTo, start) + replacement;
    copiedUpTo = end;
  };

  const parser = new Parser(
    {
      onopentag(name) {
        const { start, end } = span();
        const raw = source.slice(start, end);
        if (dropping) return replace(start, end, '');
        if (!TAG_NAME.test(name)) {
          // Not a tag: an autolink stays Markdown, anything else is shown as text.
          return replace(start, end, AUTOLINK.test(raw) ? raw : raw.replace(/</g, '&lt;'));
        }
        if (DROPPED_WITH_CONTENT.has(name)) {
          dropping = name;
          return replace(start, end, '');
        }
        replace(start, end, cleanOpeningTag(name, raw));
      },
      onclosetag(name, isImplied) {
        if (isImplied) return;
        const { start, end } = span();
        if (dropping) {
          if (name === dropping) dropping = null;
          return replace(start, end, '');
        }
        replace(start, end, TAG_NAME.test(name) && isAllowedTag(name) ? `</${renamedTag(name)}>` : '');
      },
      ontext() {
        if (dropping) {
          const { start, end } = span();
          replace(start, end, '');
        }
      },
      oncomment() {
        const { start, end } = span();
        replace(start, end, '');
      },
      onprocessinginstruction() {
        const { start, end } = span();
        replace(start, end, '');
      },
    },
    { decodeEntities: false, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(source);
  parser.end();
  const cleaned = out + (dropping ? '' : source.slice(copiedUpTo));
  // The parser reports no closing tag that closes nothing (`</script>` after a broken
  // opening): those of elements the allow-list refuses go too.
  return cleaned.replace(STRAY_CLOSING_TAG, (tag, name: string) => (isAllowedTag(name.toLowerCase()) ? tag : ''));
}

const STRAY_CLOSING_TAG = /<\/([a-z][a-z0-9-]*)\s*>/gi;
