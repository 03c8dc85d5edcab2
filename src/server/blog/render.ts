import type { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { sanitizeContent } from './sanitize';

// Storage posts are Markdown (docs/decisions/0023-storage-posts-are-markdown.md),
// rendered by the pipeline Astro renders MDX posts with (Sätteri, Astro's default
// Markdown processor: GFM, smart punctuation, heading ids), then cleaned by the
// allow-list (docs/decisions/0019-sanitise-stored-post-html.md). One renderer for the
// public page, the draft preview and the editor's live preview, so what the owner
// previews is what readers get. Posts stored as HTML before Markdown keep rendering:
// HTML blocks pass through Markdown and meet the same allow-list.
//
// Syntax highlighting is off: its colours are inline styles, which the allow-list
// removes anyway, and loading Shiki would slow every cold start. The processor itself (a
// native module) is loaded by the first render, not at start: every function that imports
// the blog's entry (for a post count) would otherwise load it.

let processor: ReturnType<typeof createSatteriMarkdownProcessor> | undefined;

/** The reader's HTML for a storage post's Markdown: rendered, then sanitised. */
export async function renderPostContent(markdown: string): Promise<string> {
  processor ??= import('@astrojs/markdown-satteri').then(({ createSatteriMarkdownProcessor: create }) =>
    create({ syntaxHighlight: false }),
  );
  const { code } = await (await processor).render(markdown);
  return sanitizeContent(code);
}
