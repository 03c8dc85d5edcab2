import { business } from '../../lib/business';
import { readMinutes } from '../../lib/blog/reading';
import { slugify, uniqueSlug } from '../../lib/blog/slug';
import {
  isSafeImageUrl,
  blogIdPattern,
  blogPostInputSchema,
  storedBlogPostSchema,
  type BlogPost,
  type BlogPostFields,
  type BlogPostInput,
  type StoredBlogPost,
} from '../../lib/schemas/blogPost';
import { conflict, notFound } from '../http/errors';
import { blobCall, collectionStore } from '../storage/blobs';
import { StorageConflictError } from '../storage/errors';
import { purgeBlogCache } from './cache';
import { mdxPosts } from './mdxPosts';
import { withKeyLock } from '../storage/keyLock';
import { countStoragePosts } from '../indexes/stats/storagePostCount';

// The sanitiser (and its HTML parser) loads only for writes: reads stay quick to start.
// Content is Markdown: only the HTML inside it is cleaned
// (docs/decisions/0019-sanitise-stored-post-html.md, 0023-storage-posts-are-markdown.md).
async function sanitized(content: string): Promise<string> {
  const { sanitizeMarkdownSource } = await import('./markdownSource');
  return sanitizeMarkdownSource(content).trim();
}

// Storage posts are keyed by their slug (not by time like the other collections), so
// they get this small module over one Blobs store instead of defineCollection:
// create with onlyIfNew, update with onlyIfMatch on the ETag, retry on conflict.
export const BLOG_STORE = 'blog-posts';
const MAX_ATTEMPTS = 8;

const store = () => collectionStore(BLOG_STORE);
const parseStored = (value: unknown): StoredBlogPost => storedBlogPostSchema.parse(value);

export function toBlogPost(record: StoredBlogPost): BlogPost {
  return {
    id: record.id,
    source: 'storage',
    title: record.title,
    excerpt: record.excerpt,
    content: record.content,
    category: record.category,
    // Records stored before the https-only rule may hold an http address: never render it.
    imageUrl: record.imageUrl && isSafeImageUrl(record.imageUrl) ? record.imageUrl : null,
    imageAlt: record.imageAlt ?? '',
    keywords: record.keywords,
    author: record.author,
    draft: record.draft,
    publishedAt: record.publishedAt ?? null,
    updatedAt: record.updatedAt,
    readMinutes: readMinutes(record.content),
    readOnly: false,
  };
}

async function storageIds(): Promise<string[]> {
  const { blobs } = await blobCall(() => store().list());
  return blobs.map((blob) => blob.key).filter((key) => blogIdPattern.test(key));
}

/** Counts by listing every post: the admin's recount only (the stats keep a counter). */
export async function storagePostCount(): Promise<number> {
  return (await storageIds()).length;
}

export async function getStoragePost(id: string): Promise<BlogPost | null> {
  if (!blogIdPattern.test(id)) return null;
  const value = await blobCall(() => store().get(id, { type: 'json' }));
  return value == null ? null : toBlogPost(parseStored(value));
}

export async function listStoragePosts(): Promise<BlogPost[]> {
  const ids = await storageIds();
  const values = await Promise.all(ids.map((id) => blobCall(() => store().get(id, { type: 'json' }))));
  return values.filter((value) => value != null).map((value) => toBlogPost(parseStored(value)));
}

async function assertNotMdx(id: string): Promise<void> {
  if ((await mdxPosts()).some((post) => post.id === id)) {
    throw conflict(
      `"${id}" is an MDX post from content/blog/${id}.mdx: it is read-only here. Change it in the repository instead.`,
    );
  }
}

export interface WriteOptions {
  now?: Date;
}

/**
 * Creates a storage post (used by the admin API and by AI drafting). The id is the
 * title's slug; if that slug is taken by any post of either source, -2, -3... is added.
 * Content is sanitised before it is stored. Purges the blog's CDN copies.
 */
export async function createStoragePost(input: BlogPostInput, options: WriteOptions = {}): Promise<BlogPost> {
  const fields = blogPostInputSchema.parse(input);
  // One base slug's suffix can be another title's base ("x-2"), so creates take turns as a whole.
  const created = await withKeyLock(CREATE_LOCK, () => insertPost(fields, options.now ?? new Date()));
  await countStoragePosts(created.id, 1);
  await purgeBlogCache([created.id]);
  return toBlogPost(created);
}

const CREATE_LOCK = 'blog-posts/ create';

async function insertPost(fields: BlogPostFields, now: Date): Promise<StoredBlogPost> {
  const taken = new Set([...(await mdxPosts()).map((post) => post.id), ...(await storageIds())]);
  const content = await sanitized(fields.content);
  const base = slugify(fields.title);
  const draft = fields.draft ?? false;
  const at = now.toISOString();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const id = uniqueSlug(base, (candidate) => taken.has(candidate));
    const record = parseStored({
      id,
      source: 'storage',
      title: fields.title,
      excerpt: fields.excerpt,
      content,
      category: fields.category,
      imageUrl: fields.imageUrl,
      imageAlt: fields.imageAlt,
      keywords: fields.keywords ?? [],
      author: fields.author ?? business.founder.name,
      draft,
      publishedAt: draft ? undefined : at,
      createdAt: at,
      updatedAt: at,
    });
    const { modified } = await blobCall(() => store().setJSON(id, record, { onlyIfNew: true }));
    if (modified) return record;
    // Someone took this id between our list and our write: try the next suffix.
    taken.add(id);
  }
  throw new StorageConflictError(BLOG_STORE, base);
}

/**
 * Replaces the editable fields of a storage post. The id (and so every link) stays the
 * same when the title changes. Publishing a draft sets publishedAt once.
 * Throws 404 for an unknown id and 409 for an MDX post.
 */
export async function updateStoragePost(
  id: string,
  input: BlogPostInput,
  { now = new Date() }: WriteOptions = {},
): Promise<BlogPost> {
  const fields = blogPostInputSchema.parse(input);
  await assertNotMdx(id);
  if (!blogIdPattern.test(id)) throw notFound('Blog post not found.');
  const content = await sanitized(fields.content);
  const updated = await withKeyLock(`blog-posts/${id}`, async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const found = await blobCall(() => store().getWithMetadata(id, { type: 'json' }));
      if (!found) return null;
      let { etag, data } = found;
      // The local Blobs server sends no ETag on reads; list() carries it. Reading the
      // ETag before the data is safe: a write in between makes ours fail and retry.
      if (!etag) {
        const { blobs } = await blobCall(() => store().list({ prefix: id }));
        etag = blobs.find((blob) => blob.key === id)?.etag;
        if (!etag) return null;
        data = await blobCall(() => store().get(id, { type: 'json' }));
        if (data == null) return null;
      }
      const before = parseStored(data);
      const draft = fields.draft ?? before.draft;
      const next = parseStored({
        ...before,
        title: fields.title,
        excerpt: fields.excerpt,
        content,
        category: fields.category,
        imageUrl: fields.imageUrl,
        imageAlt: fields.imageAlt ?? before.imageAlt,
        keywords: fields.keywords ?? before.keywords,
        author: fields.author ?? before.author,
        draft,
        publishedAt: before.publishedAt ?? (draft ? undefined : now.toISOString()),
        updatedAt: now.toISOString(),
      });
      const { modified } = await blobCall(() => store().setJSON(id, next, { onlyIfMatch: etag }));
      if (modified) return next;
    }
    throw new StorageConflictError(BLOG_STORE, id);
  });
  if (!updated) throw notFound('Blog post not found.');
  await purgeBlogCache([id]);
  return toBlogPost(updated);
}

/** Deletes a storage post. Throws 404 for an unknown id and 409 for an MDX post. */
export async function deleteStoragePost(id: string): Promise<void> {
  await assertNotMdx(id);
  if (!blogIdPattern.test(id)) throw notFound('Blog post not found.');
  const removed = await withKeyLock(`blog-posts/${id}`, async () => {
    const exists = await blobCall(() => store().getMetadata(id));
    if (!exists) return false;
    await blobCall(() => store().delete(id));
    return true;
  });
  if (!removed) throw notFound('Blog post not found.');
  await countStoragePosts(id, -1);
  await purgeBlogCache([id]);
}
