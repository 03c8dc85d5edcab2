import { describe, expect, it } from 'vitest';
import {
  generateBlogRequestSchema,
  improveBlogRequestSchema,
  lengthBands,
  splitKeywords,
} from '../../src/lib/schemas/aiDrafting';
import { draftFields } from '../../src/server/ai/drafting';
import { JOB_DEADLINE_MS, visibleStatus, type AiJob } from '../../src/server/ai/jobs';
import { countWords, lengthVerdict } from '../../src/server/ai/lengthBand';
import { generationMessage, systemPrompt } from '../../src/server/ai/prompt';
import { business } from '../../src/lib/business';

const order = generateBlogRequestSchema.parse({
  topic: 'Switching from sales to HR',
  tone: 'professional',
  length: 'short',
  category: 'Leadership',
  keywords: 'hr career, sales',
});

describe('keywords (split on commas, trimmed, empties dropped)', () => {
  it('splits, trims and drops empties', () => {
    expect(splitKeywords(' ai skills, ,resume ,, interview prep ,')).toEqual(['ai skills', 'resume', 'interview prep']);
    expect(splitKeywords('')).toEqual([]);
    expect(splitKeywords(' , ')).toEqual([]);
  });

  it('are split by the request schema, at most ten, each 60 characters at most', () => {
    expect(
      generateBlogRequestSchema.parse({ topic: 't', tone: 'casual', length: 'long', keywords: 'a, b' }).keywords,
    ).toEqual(['a', 'b']);
    expect(generateBlogRequestSchema.parse({ topic: 't', tone: 'casual', length: 'long' }).keywords).toEqual([]);
    const many = generateBlogRequestSchema.safeParse({
      topic: 't',
      tone: 'casual',
      length: 'long',
      keywords: Array.from({ length: 11 }, (_, i) => `k${i}`).join(','),
    });
    expect(many.error?.issues[0]?.path).toEqual(['keywords']);
    const long = generateBlogRequestSchema.safeParse({
      topic: 't',
      tone: 'casual',
      length: 'long',
      keywords: 'x'.repeat(61),
    });
    expect(long.error?.issues[0]?.path).toEqual(['keywords', 0]);
  });
});

describe('request schemas', () => {
  it('name each bad field', () => {
    const bad = generateBlogRequestSchema.safeParse({
      topic: '   ',
      tone: 'angry',
      length: 'epic',
      category: 'Astrology',
      keywords: 5,
    });
    expect(new Set(bad.error?.issues.map((issue) => issue.path[0]))).toEqual(
      new Set(['topic', 'tone', 'length', 'category', 'keywords']),
    );
    expect(bad.error?.issues.find((issue) => issue.path[0] === 'topic')?.message).toBe(
      'Please enter a topic for blog generation.',
    );
    const improve = improveBlogRequestSchema.safeParse({ content: 'x'.repeat(60_001), improvements: '  ' });
    expect(improve.error?.issues.map((issue) => issue.path[0])).toEqual(['content', 'improvements']);
    expect(
      generateBlogRequestSchema.safeParse({ topic: 'x'.repeat(201), tone: 'casual', length: 'short' }).success,
    ).toBe(false);
  });

  it('default the category to Career Development and trim the topic', () => {
    expect(
      generateBlogRequestSchema.parse({ topic: '  Board exams  ', tone: 'educational', length: 'medium' }),
    ).toMatchObject({ topic: 'Board exams', category: 'Career Development' });
  });
});

describe('length bands (short 800-1000, medium 1500-2000, long 2500-3000 words)', () => {
  it('counts the words a reader sees, not Markdown or HTML marks', () => {
    expect(
      countWords('## A heading\n\n- one item\n- **two** items\n\n> a [link](https://example.com/x) <br/> end'),
    ).toBe(9);
    expect(countWords('  ')).toBe(0);
  });

  it('accepts a little outside the band, asks again only far outside it', () => {
    expect(lengthBands.short).toEqual({ min: 800, max: 1000 });
    expect(lengthVerdict(900, 'short')).toBe('within');
    expect(lengthVerdict(800, 'short')).toBe('within');
    expect(lengthVerdict(1000, 'short')).toBe('within');
    expect(lengthVerdict(560, 'short')).toBe('near');
    expect(lengthVerdict(559, 'short')).toBe('too-short');
    expect(lengthVerdict(1400, 'short')).toBe('near');
    expect(lengthVerdict(1401, 'short')).toBe('too-long');
    expect(lengthVerdict(1749, 'long')).toBe('too-short');
    expect(lengthVerdict(1750, 'long')).toBe('near');
    expect(lengthVerdict(2800, 'medium')).toBe('near');
    expect(lengthVerdict(2801, 'medium')).toBe('too-long');
  });
});

describe('a model answer becomes a storage draft', () => {
  const answer = {
    title: 'From Sales to HR',
    excerpt: 'How a sales career prepares you for HR, and what to learn first.',
    content: '## Why\n\nBecause.',
    imageAlt: 'A meeting room',
    keywords: ['HR career', 'People skills', ''],
  };

  it('is always a draft, in the asked category, with the owner’s keywords first and no duplicates', () => {
    const fields = draftFields(answer, order);
    expect(fields).toMatchObject({
      title: 'From Sales to HR',
      category: 'Leadership',
      draft: true,
      imageAlt: 'A meeting room',
    });
    expect(fields.keywords).toEqual(['hr career', 'sales', 'People skills']);
  });

  it('fails with the field named when the answer cannot be a post', () => {
    expect(() => draftFields({ ...answer, title: '  ' }, order)).toThrow(/title: Title is required/);
    expect(() => draftFields({ ...answer, content: 'x'.repeat(60_001) }, order)).toThrow(/content/);
  });
});

describe('the prompt', () => {
  it('is written for this business and forbids invented facts', () => {
    expect(systemPrompt).toContain(business.founder.name);
    expect(systemPrompt).toContain('India');
    expect(systemPrompt).toMatch(/Never invent statistics/);
    expect(systemPrompt).toMatch(/client names/);
    expect(systemPrompt).toMatch(/CHROs/);
    expect(generationMessage(order)).toMatch(/800-1000 words/);
    expect(generationMessage(order)).toMatch(/hr career, sales/);
  });
});

describe('what a poller sees of a job', () => {
  const at = '2026-11-22T10:00:00.000Z';
  const job: AiJob = {
    id: '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b',
    kind: 'generate',
    status: 'running',
    request: {},
    createdAt: at,
    updatedAt: at,
  };
  const start = Date.parse(at);

  it('is the stored status while the platform may still be running it', () => {
    expect(visibleStatus(job, start + JOB_DEADLINE_MS)).toEqual({ status: 'running' });
    expect(visibleStatus({ ...job, status: 'failed', error: 'Nope' }, start + 2 * JOB_DEADLINE_MS)).toEqual({
      status: 'failed',
      error: 'Nope',
    });
    expect(visibleStatus({ ...job, status: 'done' }, start + 2 * JOB_DEADLINE_MS)).toEqual({ status: 'done' });
  });

  it('is failed once a queued or running job has been silent past the 15-minute limit', () => {
    for (const status of ['queued', 'running'] as const) {
      expect(visibleStatus({ ...job, status }, start + JOB_DEADLINE_MS + 1)).toEqual({
        status: 'failed',
        error: expect.stringMatching(/15-minute limit/),
      });
    }
  });
});
