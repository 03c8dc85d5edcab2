import {
  blogPostInputSchema,
  DEFAULT_BLOG_CATEGORY,
  type BlogCategory,
  type BlogPost,
  type BlogPostInput,
} from '../../../lib/schemas/blogPost';

// The blog editor's form (docs/admin.md, "Views"): what the fields hold, how a post
// fills them, and the checks before Save. The rules are the server's own schema, run in the
// browser.

export interface EditorValues {
  title: string;
  excerpt: string;
  content: string;
  category: BlogCategory;
  imageUrl: string;
  published: boolean;
}

export type EditorField = keyof EditorValues;
export type EditorErrors = Partial<Record<EditorField, string>>;

export const editorFields: readonly EditorField[] = [
  'title',
  'excerpt',
  'content',
  'category',
  'imageUrl',
  'published',
];

/** A new post starts in the default category and goes live on Save unless switched to draft. */
export function emptyEditorValues(): EditorValues {
  return { title: '', excerpt: '', content: '', category: DEFAULT_BLOG_CATEGORY, imageUrl: '', published: true };
}

export function valuesFromPost(post: BlogPost): EditorValues {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    imageUrl: post.imageUrl ?? '',
    published: !post.draft,
  };
}

/** The request body for POST and PUT /api/blog-posts. */
export function postInputFromValues(values: EditorValues): BlogPostInput {
  return {
    title: values.title,
    excerpt: values.excerpt,
    content: values.content,
    category: values.category,
    imageUrl: values.imageUrl.trim() === '' ? undefined : values.imageUrl,
    draft: !values.published,
  };
}

const fieldOfInput: Record<string, EditorField> = {
  title: 'title',
  excerpt: 'excerpt',
  content: 'content',
  category: 'category',
  imageUrl: 'imageUrl',
  draft: 'published',
};

/** Maps errors named after the request's fields (the schema's or a 400's `fields`) to the form's. */
export function editorErrorsFromFields(fields: Record<string, string>): EditorErrors {
  const errors: EditorErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = fieldOfInput[name];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** The first problem of each field, or an empty object when the post may be saved. */
export function validateEditorValues(values: EditorValues): EditorErrors {
  const result = blogPostInputSchema.safeParse(postInputFromValues(values));
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!(name in fields)) fields[name] = issue.message;
  }
  return editorErrorsFromFields(fields);
}

export function hasErrors(errors: EditorErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** Whether closing would lose something the owner typed. */
export function isDirty(saved: EditorValues, current: EditorValues): boolean {
  return editorFields.some((field) => saved[field] !== current[field]);
}
