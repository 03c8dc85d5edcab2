import { addToCounts, oneOffChangeId } from './counterStore';

/** Storage blog posts are not a collection of leads; their create and delete count here. Never fails the write. */
export async function countStoragePosts(postId: string, change: 1 | -1): Promise<void> {
  try {
    await addToCounts(oneOffChangeId(`post.${change > 0 ? 'add' : 'remove'}.${postId}`.slice(0, 90)), {
      storagePosts: change,
    });
  } catch (error) {
    console.error(
      `[bookkeeping] blog post ${postId}: the count failed; the post is stored, counts may drift until a recount`,
      error,
    );
  }
}
