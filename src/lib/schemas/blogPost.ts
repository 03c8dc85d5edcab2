import { z } from './zod';

// One schema family for a blog post (docs/blog.md; docs/decisions/0018-blog-from-mdx-and-storage.md):
// the MDX frontmatter checked at build time, the admin's request body, and the stored record.

export const blogCategories = [
  'Career Development',
  'Leadership',
  'Digital Transformation',
  'Professional Growth',
  'Education Guidance',
  'Industry Insights',
  'Mentorship',
  'Skills Development',
] as const;
export type BlogCategory = (typeof blogCategories)[number];
/** The categories written for school students and their parents: their posts link the Students programmes. */
export const studentCategories: readonly BlogCategory[] = ['Education Guidance'];
export const DEFAULT_BLOG_CATEGORY: BlogCategory = 'Career Development';

export const blogSources = ['mdx', 'storage'] as const;
export type BlogSource = (typeof blogSources)[number];

/** Ids are slugs: lower-case words joined by single dashes. */
export const blogIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_BLOG_ID_LENGTH = 80;
export const blogId = z.string().max(MAX_BLOG_ID_LENGTH, 'Id is too long').regex(blogIdPattern, 'Invalid post id');

// SEO bounds: the title plus " | CCC Edu" should fit a search result, the excerpt is
// the meta description (search engines show about 160 characters).
export const SEO_TITLE_MAX = 80;
export const SEO_EXCERPT_MIN = 50;
export const SEO_EXCERPT_MAX = 200;

const keywords = z.array(z.string().trim().min(2).max(60)).min(1).max(10);

/**
 * MDX frontmatter. The image field comes from Astro's `image()` helper at build time;
 * the function that reads the files from disk passes a plain string schema instead.
 */
export function blogFrontmatterSchema<I extends z.ZodType>(imageSchema: I) {
  return z.object({
    title: z.string().trim().min(10).max(SEO_TITLE_MAX),
    excerpt: z.string().trim().min(SEO_EXCERPT_MIN).max(SEO_EXCERPT_MAX),
    category: z.enum(blogCategories),
    image: imageSchema,
    imageAlt: z.string().trim().min(5).max(200),
    publishedAt: z.coerce.date(),
    author: z.string().trim().min(2).max(80).optional(),
    keywords,
    draft: z.boolean().default(false),
  });
}

/** Post images load over https or from this site only: never http (mixed content), data: or script URLs. */
export function isSafeImageUrl(value: string): boolean {
  return /^https:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value);
}

const optionalImageUrl = z
  .string()
  .trim()
  .max(2000, 'Image URL is too long')
  .refine(
    (value) => value === '' || isSafeImageUrl(value),
    'Enter a web address starting with https:// or a site path starting with /',
  )
  .transform((value) => (value === '' ? undefined : value))
  .optional()
  .nullable()
  .transform((value) => value ?? undefined);

/** What the admin (and the AI drafting) sends to create or replace a storage post. */
export const blogPostInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(160, 'Title is too long (160 characters at most)'),
  excerpt: z
    .string({ error: 'Excerpt is required' })
    .trim()
    .min(1, 'Excerpt is required')
    .max(400, 'Excerpt is too long (400 characters at most)'),
  content: z
    .string({ error: 'Content is required' })
    .trim()
    .min(1, 'Content is required')
    .max(60_000, 'Content is too long'),
  category: z.enum(blogCategories, { error: 'Choose one of the blog categories' }).default(DEFAULT_BLOG_CATEGORY),
  imageUrl: optionalImageUrl,
  imageAlt: z.string().trim().max(200, 'Image description is too long').optional(),
  keywords: z.array(z.string().trim().min(1).max(60)).max(10, 'Use at most 10 keywords').optional(),
  author: z.string().trim().min(1).max(80, 'Author name is too long').optional(),
  draft: z.boolean({ error: 'Draft must be true or false' }).optional(),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;
export type BlogPostFields = z.output<typeof blogPostInputSchema>;

/** A storage post as kept in Netlify Blobs. */
export const storedBlogPostSchema = z.object({
  id: blogId,
  source: z.literal('storage'),
  title: z.string().min(1),
  excerpt: z.string().min(1),
  content: z.string(),
  category: z.enum(blogCategories),
  imageUrl: z.string().optional(),
  imageAlt: z.string().optional(),
  keywords: z.array(z.string()).default([]),
  author: z.string().min(1),
  draft: z.boolean(),
  publishedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredBlogPost = z.output<typeof storedBlogPostSchema>;

/** A post from either source as the API and the pages see it. */
export interface BlogPost {
  id: string;
  source: BlogSource;
  title: string;
  excerpt: string;
  /** MDX source for MDX posts; sanitised HTML or plain text for storage posts. */
  content: string;
  category: BlogCategory;
  imageUrl: string | null;
  imageAlt: string;
  keywords: string[];
  author: string;
  draft: boolean;
  publishedAt: string | null;
  updatedAt: string | null;
  readMinutes: number;
  /** MDX posts live in git: the admin shows them read-only. */
  readOnly: boolean;
}
