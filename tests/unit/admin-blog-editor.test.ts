import { describe, expect, it } from 'vitest';
import {
  editorErrorsFromFields,
  emptyEditorValues,
  isDirty,
  postInputFromValues,
  validateEditorValues,
  valuesFromPost,
} from '../../src/islands/admin/blog/editorForm';
import { formatElapsed } from '../../src/islands/admin/blog/elapsed';
import {
  forgetGeneration,
  GENERATION_MEMORY_KEY,
  recallGeneration,
  rememberGeneration,
} from '../../src/islands/admin/blog/generationMemory';
import type { BlogPost } from '../../src/lib/schemas/blogPost';

const filled = {
  ...emptyEditorValues(),
  title: 'Switching careers at 35',
  excerpt: 'What to weigh first.',
  content: 'A paragraph.\n\nAnother.',
};

const storedDraft: BlogPost = {
  id: 'switching-careers',
  source: 'storage',
  title: 'Switching careers',
  excerpt: 'An excerpt.',
  content: '## Why\n\nBecause.',
  category: 'Leadership',
  imageUrl: null,
  imageAlt: '',
  keywords: ['career'],
  author: 'CCC Edu',
  draft: true,
  publishedAt: null,
  updatedAt: null,
  readMinutes: 1,
  readOnly: false,
};

describe('the blog editor form', () => {
  it('starts empty, in Career Development, set to publish', () => {
    expect(emptyEditorValues()).toEqual({
      title: '',
      excerpt: '',
      content: '',
      category: 'Career Development',
      imageUrl: '',
      published: true,
    });
  });

  it('requires title, excerpt and content, blank after trimming counting as missing', () => {
    expect(validateEditorValues({ ...emptyEditorValues(), title: '   ' })).toEqual({
      title: 'Title is required',
      excerpt: 'Excerpt is required',
      content: 'Content is required',
    });
    expect(validateEditorValues(filled)).toEqual({});
  });

  it('takes an image only over https (or a site path), and none at all', () => {
    expect(validateEditorValues({ ...filled, imageUrl: 'http://example.com/a.jpg' }).imageUrl).toMatch(/https:\/\//);
    expect(validateEditorValues({ ...filled, imageUrl: 'javascript:alert(1)' }).imageUrl).toBeDefined();
    expect(validateEditorValues({ ...filled, imageUrl: 'https://images.example.com/a.jpg' })).toEqual({});
    expect(validateEditorValues({ ...filled, imageUrl: '  ' })).toEqual({});
  });

  it('sends the switch as draft, and no image when the field is blank', () => {
    expect(postInputFromValues({ ...filled, published: false, imageUrl: ' ' })).toEqual({
      title: filled.title,
      excerpt: filled.excerpt,
      content: filled.content,
      category: 'Career Development',
      imageUrl: undefined,
      draft: true,
    });
    expect(postInputFromValues({ ...filled, imageUrl: 'https://x.example/a.png' })).toMatchObject({
      imageUrl: 'https://x.example/a.png',
      draft: false,
    });
  });

  it('fills from a stored post, a draft showing as not published', () => {
    expect(valuesFromPost(storedDraft)).toEqual({
      title: 'Switching careers',
      excerpt: 'An excerpt.',
      content: '## Why\n\nBecause.',
      category: 'Leadership',
      imageUrl: '',
      published: false,
    });
  });

  it("shows the server's 400 fields under the form's fields (draft under the switch), ignoring unknown names", () => {
    expect(
      editorErrorsFromFields({ title: 'Title is too long', draft: 'Draft must be true or false', author: 'x' }),
    ).toEqual({
      title: 'Title is too long',
      published: 'Draft must be true or false',
    });
  });

  it('knows when closing would lose something', () => {
    const saved = valuesFromPost(storedDraft);
    expect(isDirty(saved, { ...saved })).toBe(false);
    expect(isDirty(saved, { ...saved, content: `${saved.content} ` })).toBe(true);
    expect(isDirty(saved, { ...saved, published: true })).toBe(true);
  });
});

describe('the elapsed time of an AI job', () => {
  it('counts whole seconds, then minutes with two-digit seconds', () => {
    expect(formatElapsed(-20)).toBe('0 s');
    expect(formatElapsed(999)).toBe('0 s');
    expect(formatElapsed(42_700)).toBe('42 s');
    expect(formatElapsed(60_000)).toBe('1 min 00 s');
    expect(formatElapsed(125_000)).toBe('2 min 05 s');
  });
});

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the remembered generation job', () => {
  const jobId = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

  it('is recalled as it was remembered, and gone once forgotten', () => {
    const store = memoryStore();
    expect(recallGeneration(store)).toBeNull();
    rememberGeneration({ jobId, startedAt: 1_700_000_000_000 }, store);
    expect(recallGeneration(store)).toEqual({ jobId, startedAt: 1_700_000_000_000 });
    forgetGeneration(store);
    expect(recallGeneration(store)).toBeNull();
  });

  it('drops an entry that is not a job (damaged JSON, a bad id, no start time)', () => {
    for (const raw of ['{not json', JSON.stringify({ jobId: '../admin', startedAt: 1 }), JSON.stringify({ jobId })]) {
      const store = memoryStore();
      store.setItem(GENERATION_MEMORY_KEY, raw);
      expect(recallGeneration(store)).toBeNull();
      expect(store.items.has(GENERATION_MEMORY_KEY)).toBe(false);
    }
  });
});
