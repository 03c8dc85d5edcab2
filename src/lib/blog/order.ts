interface Dated {
  id: string;
  publishedAt: string | null;
  updatedAt: string | null;
}

function timeOf(post: Dated): number {
  const value = post.publishedAt ?? post.updatedAt;
  const time = value ? Date.parse(value) : Number.NaN;
  // Undated drafts are the newest thing an editor is working on.
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

/**
 * Posts from both sources as one list, newest first (docs/decisions/0018-blog-from-mdx-and-storage.md);
 * ties by id for a stable order.
 */
export function newestFirst<T extends Dated>(...lists: T[][]): T[] {
  return lists.flat().sort((a, b) => timeOf(b) - timeOf(a) || a.id.localeCompare(b.id));
}
