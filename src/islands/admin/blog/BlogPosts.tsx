import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatDateIST } from '../../../lib/admin/istDates';
import type { BlogPost } from '../../../lib/schemas/blogPost';
import { adminApi, failureMessage } from '../api';
import { blogPostsChanged, blogPostsQuery } from '../api/queries';
import { Pill } from '../ui/Pill';
import { EmptyState, ErrorState } from '../ui/States';
import { toast } from '../../../stores/toasts';
import { BlogEditor, type DraftSink } from './BlogEditor';
import { ConfirmDelete } from './ConfirmDelete';
import { useGeneration } from './useGeneration';

/** The editor's subject: null while closed, `{ post: null }` when writing a new post. */
type EditorTarget = { post: BlogPost | null } | null;

/**
 * The Blog view: every post, drafts included, newest first. Storage posts are
 * written, edited and deleted here; MDX posts come from git and are only viewed. AI generation
 * is followed here rather than in the editor, so a draft still arrives after the editor closed.
 */
export function BlogPosts() {
  const posts = useQuery(blogPostsQuery());
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const [editing, setEditing] = useState<EditorTarget>(null);
  const draftSink: DraftSink = useRef(null);
  const generation = useGeneration((draft, note) => {
    const filled = draftSink.current?.(draft) ?? false;
    const where = filled ? 'The form now holds it.' : 'Open it with Edit in the list.';
    toast({
      title: 'Draft Ready',
      description: `"${draft.title}" is saved as a draft. ${where}${note ? ` ${note}` : ''}`,
      variant: 'success',
    });
  });
  const remove = useMutation({
    mutationFn: (post: BlogPost) => adminApi.blog.remove(post.id),
    onSuccess: (_, post) => {
      toast({
        title: 'Blog Deleted Successfully!',
        description: `"${post.title}" is no longer on the blog.`,
        variant: 'success',
      });
      setDeleting(null);
    },
    onError: (error) =>
      toast({
        title: '❌ Delete Failed',
        description: failureMessage(error, 'Failed to delete blog post. Please try again.'),
        variant: 'destructive',
      }),
    onSettled: () => blogPostsChanged(client),
  });
  return (
    <section className="adm-panel" aria-labelledby="adm-blog-heading">
      <header className="adm-panel-head adm-blog-head">
        <h2 id="adm-blog-heading">Blog posts</h2>
        {posts.data ? <span className="adm-count">{posts.data.length}</span> : null}
        <button
          type="button"
          className="btn btn-primary adm-btn-sm adm-blog-create"
          onClick={() => setEditing({ post: null })}
        >
          <span aria-hidden="true">+</span> Create New Blog
        </button>
      </header>
      {generation.running && !editing ? (
        <p className="adm-notice" role="status">
          An AI draft is being written. It appears in this list when it is ready.
        </p>
      ) : null}
      {posts.isPending ? (
        <div className="adm-loading" aria-busy="true">
          <span className="adm-skeleton adm-skeleton-row" />
          <span className="visually-hidden">Loading blog posts…</span>
        </div>
      ) : posts.isError ? (
        <ErrorState
          what="blog posts"
          error={posts.error}
          onRetry={() => void posts.refetch()}
          retrying={posts.isFetching}
        />
      ) : posts.data.length === 0 ? (
        <EmptyState
          title="No posts yet"
          action={
            <button
              type="button"
              className="btn btn-secondary adm-btn-sm adm-empty-action"
              onClick={() => setEditing({ post: null })}
            >
              Create Your First Blog
            </button>
          }
        >
          Posts written in content/blog/ or in the admin appear here, newest first.
        </EmptyState>
      ) : (
        <ul className="adm-items adm-items-rows">
          {posts.data.map((post) => (
            <li key={post.id}>
              <article className="adm-row adm-post">
                <div className="adm-row-main">
                  <h3 className="adm-row-title">{post.title}</h3>
                  <Pill tone="amber">{post.category}</Pill>
                  {post.draft ? <Pill tone="neutral">Draft</Pill> : null}
                  <Pill tone={post.readOnly ? 'navy' : 'teal'}>
                    {post.readOnly ? 'From git (MDX), view only' : 'Written in the admin'}
                  </Pill>
                </div>
                <p className="adm-post-excerpt">{post.excerpt}</p>
                <p className="adm-row-when">
                  {post.draft ? 'Draft' : `Published ${formatDateIST(post.publishedAt) ?? 'recently'}`} ·{' '}
                  <span className="adm-mono">{post.id}</span>
                </p>
                <div className="adm-post-actions">
                  <a className="btn btn-outline adm-btn-sm" href={`/blog/${post.id}`} target="_blank" rel="noopener">
                    {post.draft ? 'Preview' : 'View'}
                    <span className="visually-hidden"> “{post.title}” (opens in a new tab)</span>
                  </a>
                  {post.readOnly ? null : (
                    <>
                      <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => setEditing({ post })}>
                        Edit<span className="visually-hidden"> “{post.title}”</span>
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline adm-btn-sm adm-btn-quiet-danger"
                        onClick={() => setDeleting(post)}
                      >
                        Delete<span className="visually-hidden"> “{post.title}”</span>
                      </button>
                    </>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <BlogEditor
          key={editing.post?.id ?? 'new'}
          post={editing.post}
          generation={generation}
          draftSink={draftSink}
          onClose={() => setEditing(null)}
        />
      ) : null}
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
