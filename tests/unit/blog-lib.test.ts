import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/lib/blog/dates';
import { newestFirst } from '../../src/lib/blog/order';
import { readMinutes, splitParagraphs } from '../../src/lib/blog/reading';
import { slugify, uniqueSlug } from '../../src/lib/blog/slug';

describe('slugify', () => {
  it('makes lower-case dash-joined ids from titles', () => {
    expect(slugify('Science, Commerce or Humanities? Choosing Your Stream After Class 10')).toBe(
      'science-commerce-or-humanities-choosing-your-stream-after-class-10',
    );
    expect(slugify("Don't Panic: AI & You")).toBe('dont-panic-ai-and-you');
    expect(slugify('  Café Résumé  ')).toBe('cafe-resume');
    expect(slugify('???')).toBe('post');
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('word '.repeat(40), 20);
    expect(slug).toBe('word-word-word-word');
    expect(slugify('a'.repeat(30), 10)).toBe('aaaaaaaaaa');
  });

  it('adds -2, -3... until free, within the length limit', () => {
    const taken = new Set(['post', 'post-2']);
    expect(uniqueSlug('post', (id) => taken.has(id))).toBe('post-3');
    expect(uniqueSlug('fresh', (id) => taken.has(id))).toBe('fresh');
    const ten = 'abcdefghij';
    expect(uniqueSlug(ten, (id) => id === ten, 10)).toBe('abcdefgh-2');
  });
});

describe('reading helpers', () => {
  it('rounds the read time up from content length / 1000, at least 1 minute', () => {
    expect(readMinutes('')).toBe(1);
    expect(readMinutes('x'.repeat(1000))).toBe(1);
    expect(readMinutes('x'.repeat(1001))).toBe(2);
    expect(readMinutes('x'.repeat(5323))).toBe(6);
  });

  it('splits paragraphs on blank lines, keeping single line breaks', () => {
    expect(splitParagraphs('One\nline two\n\n\n  Two  \r\n\r\nThree\n \n')).toEqual(['One\nline two', 'Two', 'Three']);
    expect(splitParagraphs('   ')).toEqual([]);
  });
});

describe('newestFirst', () => {
  it('merges lists by published date, undated drafts first, ties by id', () => {
    const a = [{ id: 'old', publishedAt: '2026-01-01T00:00:00Z', updatedAt: null }];
    const b = [
      { id: 'new', publishedAt: '2026-11-01T00:00:00Z', updatedAt: null },
      { id: 'draft', publishedAt: null, updatedAt: null },
      { id: 'b-same', publishedAt: '2026-05-01T00:00:00Z', updatedAt: null },
      { id: 'a-same', publishedAt: '2026-05-01T00:00:00Z', updatedAt: null },
    ];
    expect(newestFirst(a, b).map((post) => post.id)).toEqual(['draft', 'new', 'a-same', 'b-same', 'old']);
  });
});

describe('formatLongDate', () => {
  it('writes en-IN long dates in Indian time', () => {
    expect(formatLongDate('2026-08-12T00:00:00.000Z')).toBe('12 August 2026');
    // 20:00 UTC is already the next day in India.
    expect(formatLongDate('2026-08-12T20:00:00.000Z')).toBe('13 August 2026');
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate('not a date')).toBeNull();
  });
});
