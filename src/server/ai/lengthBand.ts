import { lengthBands, type BlogLength } from '../../lib/schemas/aiDrafting';

// The bands (docs/blog.md): short 800-1000 words, medium 1500-2000, long 2500-3000. Models miss word
// counts a little all the time, so only a post far outside its band (under 70% of the
// minimum or over 140% of the maximum) is asked for again.
export const FAR_BELOW = 0.7;
export const FAR_ABOVE = 1.4;

/** Words a reader sees: Markdown and HTML marks are not words. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export type LengthVerdict = 'within' | 'near' | 'too-short' | 'too-long';

export function lengthVerdict(words: number, length: BlogLength): LengthVerdict {
  const { min, max } = lengthBands[length];
  if (words >= min && words <= max) return 'within';
  if (words < min * FAR_BELOW) return 'too-short';
  if (words > max * FAR_ABOVE) return 'too-long';
  return 'near';
}

export const isFarOutside = (verdict: LengthVerdict) => verdict === 'too-short' || verdict === 'too-long';

export function bandText(length: BlogLength): string {
  const { min, max } = lengthBands[length];
  return `${min}-${max} words`;
}
