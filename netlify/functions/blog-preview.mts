import type { Config } from '@netlify/functions';
import { blogPreviewRequestSchema, type BlogPreviewResponse } from '../../src/lib/schemas/aiDrafting';
import { requireAdmin } from '../../src/server/auth';
import { renderPostContent } from '../../src/server/blog';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';

// The editor's live preview: the content rendered exactly as /blog/{id} renders a
// storage post (one renderer, one sanitiser: src/server/blog/render.ts).
export default route({
  async POST(req, context) {
    await requireAdmin(req, context);
    const { content } = await readJson(req, blogPreviewRequestSchema);
    return json({ html: await renderPostContent(content) } satisfies BlogPreviewResponse);
  },
});

export const config: Config = {
  path: '/api/blog-preview',
};
