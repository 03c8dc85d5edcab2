import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Stands in for Netlify's purge API: records the tags each write asks to purge.
const purgeCache = vi.hoisted(() => vi.fn(async (_options: { tags: string[] }) => undefined));
vi.mock('@netlify/functions', () => ({ purgeCache }));

const { createStoragePost, deleteStoragePost, updateStoragePost } = await import('../../src/server/blog/storagePosts');
const { blogCacheHeaders, purgeBlogCache } = await import('../../src/server/blog/cache');

const post = { title: 'Cache Purge Check', excerpt: 'An excerpt.', content: 'Some content.' };

describe('CDN cache purging after blog writes', () => {
  beforeEach(() => {
    purgeCache.mockClear();
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', 'test-token');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('purges the blog tag and the post tag on create, update and delete', async () => {
    const created = await createStoragePost(post);
    await updateStoragePost(created.id, { ...post, content: 'Changed.' });
    await deleteStoragePost(created.id);
    const expected = { tags: ['blog', `blog-post-${created.id}`] };
    expect(purgeCache.mock.calls).toEqual([[expected], [expected], [expected]]);
  });

  it('does not purge when a write is refused', async () => {
    await expect(updateStoragePost('the-executive-transition', post)).rejects.toThrow(/read-only/);
    await expect(deleteStoragePost('no-such-post')).rejects.toThrow(/not found/i);
    expect(purgeCache).not.toHaveBeenCalled();
  });

  it('skips purging where Netlify gives no purge token (locally, in tests)', async () => {
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', '');
    expect(await purgeBlogCache(['x'])).toBe('skipped');
    expect(purgeCache).not.toHaveBeenCalled();
  });

  it('keeps a stored write when the purge fails, and says so in the log', async () => {
    purgeCache.mockRejectedValueOnce(new Error('purge API down'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const created = await createStoragePost({ ...post, title: 'Purge Fails But Post Stays' });
    expect(created.id).toBe('purge-fails-but-post-stays');
    expect(log).toHaveBeenCalledWith(
      '[blog cache purge failed]',
      'blog,blog-post-purge-fails-but-post-stays',
      expect.any(Error),
    );
    log.mockRestore();
  });

  it('tags cached pages and keeps browsers revalidating', () => {
    expect(blogCacheHeaders(['blog-post-a'])).toEqual({
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'Netlify-CDN-Cache-Control': 'public, durable, max-age=900, stale-while-revalidate=60',
      'Netlify-Cache-Tag': 'blog,blog-post-a',
    });
  });
});
