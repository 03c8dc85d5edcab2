import sanitizeHtml from 'sanitize-html';

// Stored post content may carry HTML (the editor allows it). Only this allow-list
// survives, before storing and again before rendering, so nothing that slipped into
// storage another way can reach a reader (docs/decisions/0019-sanitise-stored-post-html.md).
// No scripts, no styles, no event handlers, no javascript:/data: URLs, no iframes or forms.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'mark',
    'small',
    'sub',
    'sup',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'hr',
    'figure',
    'figcaption',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The page title is the only h1; headings inside a post run from h2 to h4.
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external
          ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' }
          : { ...attribs, rel: attribs.rel ?? '' },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** Cleans stored content: allowed HTML stays, everything else is removed. */
export function sanitizeContent(content: string): string {
  return sanitizeHtml(content, options)
    .replace(/ rel=""/g, '')
    .trim();
}

/** The tag a stored tag of this name becomes (h1 turns into h2, h5 and h6 into h4). */
export function renamedTag(name: string): string {
  const renamed = options.transformTags?.[name];
  return typeof renamed === 'string' ? renamed : name;
}

/** Whether the allow-list keeps elements of this name. */
export function isAllowedTag(name: string): boolean {
  return (options.allowedTags || []).includes(renamedTag(name));
}
