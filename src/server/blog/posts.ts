import { newestFirst } from '../../lib/blog/order';
import type { BlogPost } from '../../lib/schemas/blogPost';
import { mdxPosts } from './mdxPosts';
import { getStoragePost, listStoragePosts } from './storagePosts';

export interface Visibility {
  /** Only an admin session sees drafts (docs/decisions/0016-public-blog-api-published-only.md). */
  includeDrafts?: boolean;
}

/** Posts from both sources, newest first. */
export async function allPosts({ includeDrafts = false }: Visibility = {}): Promise<BlogPost[]> {
  const [fromFiles, fromStorage] = await Promise.all([mdxPosts(), listStoragePosts()]);
  return newestFirst(fromFiles, fromStorage).filter((post) => includeDrafts || !post.draft);
}

export async function findPost(id: string, { includeDrafts = false }: Visibility = {}): Promise<BlogPost | null> {
  const post = (await mdxPosts()).find((candidate) => candidate.id === id) ?? (await getStoragePost(id));
  return post && (includeDrafts || !post.draft) ? post : null;
}
