import { MAX_BLOG_ID_LENGTH } from '../schemas/blogPost';

/**
 * A post id made from its title: lower-case ASCII words joined by dashes, accents
 * folded, cut at a word boundary so links stay readable.
 */
export function slugify(title: string, maxLength: number = MAX_BLOG_ID_LENGTH): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > maxLength) break;
    slug = next;
  }
  // A single word longer than the limit still gives a usable id.
  if (!slug && words[0]) slug = words[0].slice(0, maxLength);
  return slug || 'post';
}

/**
 * The first of `base`, `base-2`, `base-3`... that is not taken. The suffix keeps the
 * id within the length limit by trimming the base.
 */
export function uniqueSlug(
  base: string,
  isTaken: (candidate: string) => boolean,
  maxLength: number = MAX_BLOG_ID_LENGTH,
): string {
  if (!isTaken(base)) return base;
  for (let n = 2; n < 1000; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
  throw new Error(`No free id left for "${base}".`);
}
