import type { BlogPost, BlogPostInput } from '../../../lib/schemas/blogPost';
import { adminRequest } from './request';

// Blog calls of the admin: the storage posts' lifecycle (docs/blog.md).
// MDX posts come from git and are never written through here.

/**
 * Every post, newest first; with the admin session drafts are included
 * (docs/decisions/0016-public-blog-api-published-only.md).
 */
export async function listBlogPosts(signal?: AbortSignal): Promise<BlogPost[]> {
  return (await adminRequest<BlogPost[]>('GET', '/api/blog-posts', signal ? { signal } : {})).data;
}

export async function createBlogPost(fields: BlogPostInput): Promise<BlogPost> {
  return (await adminRequest<BlogPost>('POST', '/api/blog-posts', { body: fields })).data;
}

/** Replaces a storage post's fields (a generated draft is edited through this too, never re-created). */
export async function updateBlogPost(id: string, fields: BlogPostInput): Promise<BlogPost> {
  return (await adminRequest<BlogPost>('PUT', `/api/blog-posts/${encodeURIComponent(id)}`, { body: fields })).data;
}

export async function deleteBlogPost(id: string): Promise<void> {
  await adminRequest<{ deleted: string }>('DELETE', `/api/blog-posts/${encodeURIComponent(id)}`);
}
