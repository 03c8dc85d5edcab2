export { sanitizeMarkdownSource } from './markdownSource';
export { mdxPosts } from './mdxPosts';
export { allPosts, findPost } from './posts';
export { renderPostContent } from './render';
export {
  createStoragePost,
  deleteStoragePost,
  getStoragePost,
  storagePostCount,
  updateStoragePost,
} from './storagePosts';
