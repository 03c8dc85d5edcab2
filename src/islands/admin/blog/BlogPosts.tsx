import { useQuery } from '@tanstack/react-query';
import { formatDateIST } from '../../../lib/admin/istDates';
import { blogPostsQuery } from '../api/queries';
import { Pill } from '../ui/Pill';
import { EmptyState, ErrorState } from '../ui/States';

/**
 * The 'Blog Management' tab for now: every post, drafts included, read-only. Writing,
 * editing and AI drafting come with the blog management issue, in this same tab.
 */
export function BlogPosts() {
  const posts = useQuery(blogPostsQuery());
  return (
    <section className="adm-panel" aria-labelledby="adm-blog-heading">
      <header className="adm-panel-head">
        <h2 id="adm-blog-heading">Blog posts</h2>
        {posts.data ? <span className="adm-count">{posts.data.length}</span> : null}
      </header>
      <p className="adm-notice" data-testid="blog-coming">
        Writing, editing and AI drafting of posts arrive here next. Until then this list shows every post, drafts included; posts from MDX files are edited in{' '}
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
                  <Pill tone={post.readOnly ? 'navy' : 'teal'}>{post.readOnly ? 'MDX file, read-only' : 'Written in the admin'}</Pill>
                </div>
                <p className="adm-post-excerpt">{post.excerpt}</p>
                <p className="adm-row-when">
                  {post.draft ? 'Not published' : `Published ${formatDateIST(post.publishedAt) ?? 'recently'}`} · <span className="adm-mono">{post.id}</span>
                  {post.draft ? null : (
                    <>
                      {' · '}
                      <a className="adm-link" href={`/blog/${post.id}`} target="_blank" rel="noopener">
                        View<span className="visually-hidden"> “{post.title}” (opens in a new tab)</span>
                      </a>
                    </>
                  )}
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
