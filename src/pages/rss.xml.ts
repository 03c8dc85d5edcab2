import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { business } from '../lib/business';
import { applyBlogCache } from '../server/blog/cache';
import { publishedCards } from '../server/blog/collectionEntries';

// On demand so storage posts are in the feed at once; cached at the CDN under the blog tag.
export const prerender = false;

export const GET: APIRoute = async (context) => {
  const posts = await publishedCards();
  const response = await rss({
    title: `${business.brand} blog`,
    description: `Career guidance for students, parents and professionals in India from ${business.brand}.`,
    site: context.site ?? context.url.origin,
    items: posts.map((post) => ({
      title: post.title,
      description: post.excerpt,
      link: `/blog/${post.id}`,
      pubDate: new Date(post.publishedAt ?? post.updatedAt ?? Date.now()),
      categories: [post.category],
      author: `${business.contact.email} (${post.author})`,
    })),
    customData: '<language>en-IN</language>',
    // Same addresses as the canonical links and the sitemap.
    trailingSlash: false,
  });
  applyBlogCache(response.headers);
  return response;
};
