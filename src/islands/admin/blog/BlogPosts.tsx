import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateIST } from '../../../lib/admin/istDates';
import type { BlogPost } from '../../../lib/schemas/blogPost';
import { adminApi, failureMessage } from '../api';
import { adminKeys, blogPostsQuery } from '../api/queries';
import { Pill } from '../ui/Pill';
import { EmptyState, ErrorState } from '../ui/States';
import { toast } from '../../../stores/toasts';
import { ConfirmDelete } from './ConfirmDelete';

/**
 * The 'Blog Management' tab: every post, drafts included, newest first. Storage posts can be
 * deleted here; MDX posts come from git and are only viewed. Writing, editing and AI drafting
 * join this tab with the rest of the blog management issue.
 */
export function BlogPosts() {
  const posts = useQuery(blogPostsQuery());
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const remove = useMutation({
    mutationFn: (post: BlogPost) => adminApi.blog.remove(post.id),
    onSuccess: (_, post) => {
      toast({ title: 'Blog Deleted Successfully!', description: `"${post.title}" is no longer on the blog.`, variant: 'success' });
      setDeleting(null);
    },
    onError: (error) => toast({ title: '❌ Delete Failed', description: failureMessage(error, 'Failed to delete blog post. Please try again.'), variant: 'destructive' }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: adminKeys.blogPosts() }), client.invalidateQueries({ queryKey: adminKeys.stats() })]),
  });
  return (
    <section className="adm-panel" aria-labelledby="adm-blog-heading">
      <header className="adm-panel-head">
        <h2 id="adm-blog-heading">Blog posts</h2>
        {posts.data ? <span className="adm-count">{posts.data.length}</span> : null}
      </header>
      <p className="adm-notice" data-testid="blog-coming">
        Writing, editing and AI drafting of posts arrive here next. Posts written in the admin can be previewed and deleted; posts from MDX files are edited in{' '}
        <code>content/blog/</code>.
      </p>
      {posts.isPending ? (
        <div className="adm-loading" aria-busy="true">
          <span className="adm-skeleton adm-skeleton-row" />
          <span className="visually-hidden">Loading blog posts…</span>
        </div>
      ) : posts.isError ? (
        <ErrorState what="blog posts" error={posts.error} onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
      ) : posts.data.length === 0 ? (
        <EmptyState title="No posts yet">Posts written in content/blog/ or in the admin appear here, newest first.</EmptyState>
      ) : (
        <ul className="adm-items adm-items-rows">
          {posts.data.map((post) => (
            <li key={post.id}>
              <article className="adm-row adm-post">
                <div className="adm-row-main">
                  <h3 className="adm-row-title">{post.title}</h3>
                  <Pill tone="amber">{post.category}</Pill>
                  {post.draft ? <Pill tone="neutral">Draft</Pill> : null}
                  <Pill tone={post.readOnly ? 'navy' : 'teal'}>{post.readOnly ? 'From git (MDX), view only' : 'Written in the admin'}</Pill>
                </div>
                <p className="adm-post-excerpt">{post.excerpt}</p>
                <p className="adm-row-when">
                  {post.draft ? 'Not published' : `Published ${formatDateIST(post.publishedAt) ?? 'recently'}`} · <span className="adm-mono">{post.id}</span>
                </p>
                <div className="adm-post-actions">
                  <a className="btn btn-outline adm-btn-sm" href={`/blog/${post.id}`} target="_blank" rel="noopener">
                    {post.draft ? 'Preview' : 'View'}
                    <span className="visually-hidden"> “{post.title}” (opens in a new tab)</span>
                  </a>
                  {post.readOnly ? null : (
                    <button type="button" className="btn btn-outline adm-btn-sm adm-btn-quiet-danger" onClick={() => setDeleting(post)}>
                      Delete<span className="visually-hidden"> “{post.title}”</span>
                    </button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDelete
          post={deleting}
          deleting={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => {
            if (!remove.isPending) setDeleting(null);
          }}
        />
      ) : null}
    </section>
  );
}
