import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  blogCategories,
  blogFrontmatterSchema,
  blogPostInputSchema,
  storedBlogPostSchema,
} from '../../src/lib/schemas/blogPost';
import { parseMdxPost } from '../../src/server/blog/mdxPosts';

const frontmatter = blogFrontmatterSchema(z.string().min(1));
const good = {
  title: 'Choosing a Stream With Evidence, Not Fear',
  excerpt: 'A practical guide for students and parents on choosing a stream after Class 10 with evidence.',
  category: 'Education Guidance',
  image: './images/x.jpg',
  imageAlt: 'Three paths diverging',
  publishedAt: '2026-06-10',
  keywords: ['stream selection'],
};

describe('MDX frontmatter schema', () => {
  it('accepts a complete post and defaults draft to false', () => {
    const data = frontmatter.parse(good);
    expect(data.draft).toBe(false);
    expect(data.publishedAt).toBeInstanceOf(Date);
  });

  it.each([
    ['an unknown category', { category: 'Astrology' }],
    ['a title too long for a search result', { title: 'x'.repeat(81) }],
    ['an excerpt too short to be a description', { excerpt: 'Too short.' }],
    ['an excerpt too long to be a description', { excerpt: 'x'.repeat(201) }],
    ['no keywords', { keywords: [] }],
    ['a missing image', { image: undefined }],
    ['a missing image description', { imageAlt: undefined }],
    ['a date that is not a date', { publishedAt: 'someday' }],
    ['a draft flag that is not a boolean', { draft: 'yes' }],
  ])('rejects %s', (_label, change) => {
    expect(frontmatter.safeParse({ ...good, ...change }).success).toBe(false);
  });

  it('holds for every MDX file shipped in content/blog (at least 6 published)', () => {
    const dir = resolve('content/blog');
    const files = readdirSync(dir).filter((file) => file.endsWith('.mdx'));
    const posts = files.map((file) =>
      parseMdxPost(file.replace(/\.mdx$/, ''), readFileSync(resolve(dir, file), 'utf8')),
    );
    expect(posts.filter((post) => !post.draft).length).toBeGreaterThanOrEqual(6);
    for (const file of files) {
      const yaml = /^---\n([\s\S]*?)\n---/.exec(readFileSync(resolve(dir, file), 'utf8'))?.[1] ?? '';
      const image = String(parseYaml(yaml).image);
      expect(readdirSync(resolve(dir, 'images'))).toContain(image.replace('./images/', ''));
    }
  });
});

describe('blog post request schema', () => {
  it('names the required fields', () => {
    const result = blogPostInputSchema.safeParse({});
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toMatchObject({
      title: 'Title is required',
      excerpt: 'Excerpt is required',
      content: 'Content is required',
    });
  });

  it('defaults the category, treats an empty image URL as none, and refuses script URLs', () => {
    const parsed = blogPostInputSchema.parse({ title: 'T', excerpt: 'E', content: 'C', imageUrl: '' });
    expect(parsed.category).toBe('Career Development');
    expect(parsed.imageUrl).toBeUndefined();
    expect(
      blogPostInputSchema.safeParse({ title: 'T', excerpt: 'E', content: 'C', imageUrl: 'javascript:alert(1)' })
        .success,
    ).toBe(false);
    expect(
      blogPostInputSchema.safeParse({ title: 'T', excerpt: 'E', content: 'C', imageUrl: '//evil.example/x.jpg' })
        .success,
    ).toBe(false);
    expect(
      blogPostInputSchema.safeParse({ title: 'T', excerpt: 'E', content: 'C', imageUrl: 'http://cdn.example/a.jpg' })
        .success,
    ).toBe(false);
    expect(
      blogPostInputSchema.safeParse({ title: 'T', excerpt: 'E', content: 'C', imageUrl: 'data:image/png;base64,AAAA' })
        .success,
    ).toBe(false);
    expect(
      blogPostInputSchema.parse({ title: 'T', excerpt: 'E', content: 'C', imageUrl: 'https://cdn.example/a.jpg' })
        .imageUrl,
    ).toBe('https://cdn.example/a.jpg');
  });

  it('offers exactly the eight editor categories', () => {
    expect(blogCategories).toHaveLength(8);
    expect(blogCategories[0]).toBe('Career Development');
  });

  it('rejects a stored record whose id is not a slug', () => {
    const record = {
      id: 'Not A Slug',
      source: 'storage',
      title: 'T',
      excerpt: 'E',
      content: 'C',
      category: 'Leadership',
      author: 'A',
      draft: false,
      createdAt: 'x',
      updatedAt: 'x',
    };
    expect(storedBlogPostSchema.safeParse(record).success).toBe(false);
    expect(storedBlogPostSchema.safeParse({ ...record, id: 'a-slug' }).success).toBe(true);
  });
});
