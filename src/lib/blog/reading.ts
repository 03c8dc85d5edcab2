/** Read time is the content length divided by 1000, rounded up, in minutes (at least 1). */
export function readMinutes(content: string): number {
  return Math.max(1, Math.ceil(content.length / 1000));
}

/** Plain-text content: paragraphs are separated by blank lines. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** Whether stored content carries HTML markup (the editor allows it) rather than plain paragraphs. */
export function looksLikeHtml(content: string): boolean {
  return /<(p|h[2-6]|ul|ol|li|blockquote|strong|em|a|br|figure|img|table|pre|code|div|span|b|i)\b[^>]*>/i.test(content);
}
