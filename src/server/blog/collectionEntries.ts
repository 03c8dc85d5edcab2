// Astro pages only: Netlify Functions cannot import `astro:content` (they read the
// files through mdxPosts.ts instead).
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { ImageMetadata } from 'astro';
import defaultCover from '../../assets/blog/default-cover.jpg';
import { business } from '../../lib/business';
import { newestFirst } from '../../lib/blog/order';
import type { BlogCategory, BlogPost } from '../../lib/schemas/blogPost';
import { listStoragePosts } from './storagePosts';

export type MdxEntry = CollectionEntry<'blog'>;

/** What a blog card and the post header need, whichever source the post came from. */
export interface PostCard {
  id: string;
  source: BlogPost['source'];
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: string;
  publishedAt: string | null;
  updatedAt: string | null;
  /** A local image goes through astro:assets; a remote one is a plain URL. */
  image: ImageMetadata | string;
  imageAlt: string;
}

export function cardFromEntry(entry: MdxEntry): PostCard {
  const publishedAt = entry.data.publishedAt.toISOString();
  return {
    id: entry.id,
    source: 'mdx',
    title: entry.data.title,
    excerpt: entry.data.excerpt,
    category: entry.data.category,
    author: entry.data.author ?? business.founder.name,
    publishedAt,
    updatedAt: publishedAt,
    image: entry.data.image,
    imageAlt: entry.data.imageAlt,
  };
}

export function cardFromStorage(post: BlogPost): PostCard {
  return {
    id: post.id,
    source: 'storage',
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    author: post.author,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    image: post.imageUrl ?? defaultCover,
    // A default cover is decoration; a chosen image is described by the editor or the title.
    imageAlt: post.imageUrl ? post.imageAlt || post.title : '',
  };
}

export async function publishedMdxEntries(): Promise<MdxEntry[]> {
  return getCollection('blog', (entry) => !entry.data.draft);
}

export async function publishedMdxEntry(id: string): Promise<MdxEntry | null> {
  const entry = await getEntry('blog', id);
  return entry && !entry.data.draft ? entry : null;
}

/** Every published post of both sources as cards, newest first. */
export async function publishedCards(): Promise<PostCard[]> {
  const [entries, stored] = await Promise.all([publishedMdxEntries(), listStoragePosts()]);
  return newestFirst(entries.map(cardFromEntry), stored.filter((post) => !post.draft).map(cardFromStorage));
}
