import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { business } from '../../lib/business';
import { readMinutes } from '../../lib/blog/reading';
import { blogFrontmatterSchema, blogIdPattern, type BlogPost } from '../../lib/schemas/blogPost';

// Netlify Functions are bundled outside Astro and cannot import `astro:content`, so
// the API reads the same MDX files from disk (netlify.toml includes them in the
// bundle) and checks them with the same frontmatter schema the build uses.
const frontmatterSchema = blogFrontmatterSchema(z.string().min(1));
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * Where the MDX files are: the repository root locally and in tests; inside a deployed
 * function the included files sit under the task root, which is normally also the cwd.
 */
export function blogContentDir(): string {
  if (process.env.BLOG_CONTENT_DIR) return resolve(process.env.BLOG_CONTENT_DIR);
  const candidates = [process.cwd(), process.env.LAMBDA_TASK_ROOT].filter((root): root is string => !!root);
  const found = candidates.map((root) => resolve(root, 'content/blog')).find((dir) => existsSync(dir));
  if (!found)
    throw new Error(`The MDX posts (content/blog) are not in this bundle; looked in ${candidates.join(', ')}.`);
  return found;
}

export function parseMdxPost(id: string, source: string): BlogPost {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new Error(`content/blog/${id}.mdx has no frontmatter.`);
  const data = frontmatterSchema.parse(parseYaml(match[1] ?? ''));
  const body = (match[2] ?? '').trim();
  const publishedAt = data.publishedAt.toISOString();
  return {
    id,
    source: 'mdx',
    title: data.title,
    excerpt: data.excerpt,
    content: body,
    category: data.category,
    imageUrl: null,
    imageAlt: data.imageAlt,
    keywords: data.keywords,
    author: data.author ?? business.founder.name,
    draft: data.draft,
    publishedAt,
    updatedAt: publishedAt,
    readMinutes: readMinutes(body),
    readOnly: true,
  };
}

let cached: { dir: string; posts: Promise<BlogPost[]> } | null = null;

/** Every MDX post, drafts included (they still reserve their id). Files only change on deploy. */
export function mdxPosts(): Promise<BlogPost[]> {
  const dir = blogContentDir();
  if (cached?.dir !== dir) {
    const posts = loadMdxPosts(dir);
    cached = { dir, posts };
    posts.catch(() => {
      if (cached?.posts === posts) cached = null;
    });
  }
  return cached.posts;
}

async function loadMdxPosts(dir: string): Promise<BlogPost[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.mdx'));
  return Promise.all(
    files.map(async (file) => {
      const id = file.replace(/\.mdx$/, '');
      if (!blogIdPattern.test(id)) throw new Error(`content/blog/${file}: file names must be lower-case slugs.`);
      return parseMdxPost(id, await readFile(resolve(dir, file), 'utf8'));
    }),
  );
}

export async function mdxPost(id: string): Promise<BlogPost | null> {
  return (await mdxPosts()).find((post) => post.id === id) ?? null;
}
