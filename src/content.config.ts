import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { blogFrontmatterSchema } from './lib/schemas/blogPost';

// Editors publish by committing MDX to content/blog/ (docs/decisions/0018-blog-from-mdx-and-storage.md).
// A post whose frontmatter breaks the schema (unknown category, SEO fields out of bounds,
// missing cover image) fails the build instead of going live half-right.
const blog = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './content/blog' }),
  schema: ({ image }) => blogFrontmatterSchema(image()),
});

export const collections = { blog };
