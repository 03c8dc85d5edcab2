import sanitizeHtml from 'sanitize-html';
import { splitParagraphs } from '../../lib/blog/reading';

// DECISIONS 19: stored post content may carry HTML (the editor allows it). Only this
// allow-list survives, before storing and again before rendering, so nothing that
// slipped into storage another way can reach a reader. No scripts, no styles, no
// event handlers, no javascript:/data: URLs, no iframes or forms.
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup',
    'a', 'ul', 'ol', 'li', 'blockquote', 'q', 'cite', 'code', 'pre', 'hr',
    'figure', 'figcaption', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption',
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
  // The page title is the only h1; headings inside a post start at h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } : { ...attribs, rel: attribs.rel ?? '' },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** Cleans stored content: allowed HTML stays, everything else is removed. */
export function sanitizeContent(content: string): string {
  return sanitizeHtml(content, options).replace(/ rel=""/g, '').trim();
}

const BLOCK_START = /^<(p|h[1-6]|ul|ol|blockquote|pre|table|figure|hr|div)\b/i;

/**
 * The HTML a reader gets for stored content: blocks separated by blank lines become
 * paragraphs (single line breaks inside a paragraph are kept), blocks that already
 * are HTML elements stay as they are; the result goes through the allow-list again.
 */
export function renderStorageContent(content: string): string {
  const blocks = splitParagraphs(content).map((block) =>
    BLOCK_START.test(block) ? block : `<p>${block.replace(/\n/g, '<br>\n')}</p>`,
  );
  return sanitizeContent(blocks.join('\n'));
}
