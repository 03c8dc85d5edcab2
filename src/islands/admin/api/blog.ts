import type { BlogPost } from '../../../lib/schemas/blogPost';
import { adminRequest } from './request';

// Blog calls of the admin. Writing posts (create, update, delete, AI drafting) joins
// this file with the blog management issue.

/** Every post, newest first; with the admin session drafts are included (DECISIONS 16). */
export async function listBlogPosts(signal?: AbortSignal): Promise<BlogPost[]> {
  return (await adminRequest<BlogPost[]>('GET', '/api/blog-posts', signal ? { signal } : {})).data;
}
