import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { blogId, blogPostInputSchema } from '../../src/lib/schemas/blogPost';
import { type Client, readSession, requireAdmin } from '../../src/server/auth';
import { allPosts, findPost, createStoragePost, deleteStoragePost, updateStoragePost } from '../../src/server/blog';
import { badRequest, notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson, readParams } from '../../src/server/http/validate';

const idParams = z.object({ id: blogId });
const optionalIdParams = z.object({ id: blogId.optional() });

// Reading the session must not fail a public read (e.g. the admin disabled in
// production): without a valid session the visitor simply sees published posts.
async function isAdmin(req: Request, client: Client): Promise<boolean> {
  try {
    return (await readSession(req, client)) !== null;
  } catch {
    return false;
  }
}

function requireId(params: Record<string, string | undefined>): string {
  if (params.id === undefined) throw badRequest('Name the post in the path: /api/blog-posts/{id}.', { id: 'Required' });
  return readParams(params, idParams).id;
}

export default route({
  async GET(req, context) {
    const { id } = readParams(context.params ?? {}, optionalIdParams);
    const includeDrafts = await isAdmin(req, context);
    if (id === undefined) return json(await allPosts({ includeDrafts }));
    const post = await findPost(id, { includeDrafts });
    if (!post) throw notFound('Blog post not found.');
    return json(post);
  },
  async POST(req, context) {
    await requireAdmin(req, context);
    if (context.params?.id !== undefined)
      throw badRequest('Create posts with POST /api/blog-posts (no id: it is made from the title).');
    const fields = await readJson(req, blogPostInputSchema);
    return json(await createStoragePost(fields), { status: 201 });
  },
  async PUT(req, context) {
    await requireAdmin(req, context);
    const id = requireId(context.params ?? {});
    const fields = await readJson(req, blogPostInputSchema);
    return json(await updateStoragePost(id, fields));
  },
  async DELETE(req, context) {
    await requireAdmin(req, context);
    const id = requireId(context.params ?? {});
    await deleteStoragePost(id);
    return json({ deleted: id });
  },
});

export const config: Config = {
  path: ['/api/blog-posts', '/api/blog-posts/:id'],
};
