import { z } from './zod';
import { blogCategories, DEFAULT_BLOG_CATEGORY, type BlogPost } from './blogPost';

// AI drafting (docs/blog.md, "AI drafting"; docs/decisions/0020-ai-drafting-as-background-jobs.md):
// the requests the admin's panels send, the jobs they poll, shared by the editor and the functions.

/** The eight categories the editor offers (docs/blog.md). */
export const editorCategories = blogCategories;

export const blogTones = ['professional', 'conversational', 'educational', 'casual'] as const;
export type BlogTone = (typeof blogTones)[number];

export const blogLengths = ['short', 'medium', 'long'] as const;
export type BlogLength = (typeof blogLengths)[number];

/** Words a generated post should have (docs/blog.md, "AI drafting"). */
export const lengthBands: Readonly<Record<BlogLength, { min: number; max: number }>> = {
  short: { min: 800, max: 1000 },
  medium: { min: 1500, max: 2000 },
  long: { min: 2500, max: 3000 },
};

export const MAX_TOPIC_LENGTH = 200;
export const MAX_KEYWORDS = 10;
export const MAX_KEYWORD_LENGTH = 60;
export const MAX_IMPROVE_CONTENT_LENGTH = 60_000;
export const MAX_IMPROVEMENTS_LENGTH = 2000;

/** Keywords are split on commas, trimmed, and empty ones dropped. */
export function splitKeywords(text: string): string[] {
  return text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
}

const keywordText = z.string().max(2000, 'Keywords are too long').transform(splitKeywords);
// The API takes keywords as a list; the editor's field sends the text as typed.
const keywordList = z
  .array(
    z
      .string({ error: 'Each keyword must be text' })
      .max(MAX_KEYWORD_LENGTH, `Each keyword must be ${MAX_KEYWORD_LENGTH} characters or fewer`),
  )
  .max(MAX_KEYWORDS * 4, `Use at most ${MAX_KEYWORDS} keywords`)
  .transform((list) => list.map((keyword) => keyword.trim()).filter((keyword) => keyword !== ''));

export const keywordsField = z
  .union([keywordText, keywordList], { error: 'Keywords must be a list of words or comma-separated text' })
  .pipe(
    z
      .array(z.string().max(MAX_KEYWORD_LENGTH, `Each keyword must be ${MAX_KEYWORD_LENGTH} characters or fewer`))
      .max(MAX_KEYWORDS, `Use at most ${MAX_KEYWORDS} keywords`),
  );

/** Body of `POST /api/generate-blog`. */
export const generateBlogRequestSchema = z.object({
  topic: z
    .string({ error: 'Please enter a topic for blog generation.' })
    .trim()
    .min(1, 'Please enter a topic for blog generation.')
    .max(MAX_TOPIC_LENGTH, `The topic must be ${MAX_TOPIC_LENGTH} characters or fewer`),
  tone: z.enum(blogTones, { error: `Tone must be one of: ${blogTones.join(', ')}` }),
  length: z.enum(blogLengths, { error: `Length must be one of: ${blogLengths.join(', ')}` }),
  category: z.enum(editorCategories, { error: 'Choose one of the blog categories' }).default(DEFAULT_BLOG_CATEGORY),
  keywords: keywordsField.default([]),
});
/** What the editor sends (keywords as typed, comma-separated, or a list). */
export type GenerateBlogRequest = z.input<typeof generateBlogRequestSchema>;
/** What the server works with (keywords split). */
export type GenerateBlogOrder = z.output<typeof generateBlogRequestSchema>;

/** Body of `POST /api/improve-blog`. */
export const improveBlogRequestSchema = z.object({
  content: z
    .string({ error: 'Content is required' })
    .min(1, 'Content is required')
    .max(
      MAX_IMPROVE_CONTENT_LENGTH,
      `Content is too long (${MAX_IMPROVE_CONTENT_LENGTH.toLocaleString('en-IN')} characters at most)`,
    )
    .refine((value) => value.trim() !== '', 'Content is required'),
  improvements: z
    .string({ error: 'Please describe how you want to improve the content.' })
    .trim()
    .min(1, 'Please describe how you want to improve the content.')
    .max(MAX_IMPROVEMENTS_LENGTH, `Instructions must be ${MAX_IMPROVEMENTS_LENGTH} characters or fewer`),
});
export type ImproveBlogRequest = z.input<typeof improveBlogRequestSchema>;
export type ImproveBlogOrder = z.output<typeof improveBlogRequestSchema>;

/** Body of `POST /api/blog-preview`: the editor's content, rendered as the public page will. */
export const blogPreviewRequestSchema = z.object({
  content: z.string({ error: 'Content must be text' }).max(MAX_IMPROVE_CONTENT_LENGTH, 'Content is too long'),
});
export type BlogPreviewRequest = z.input<typeof blogPreviewRequestSchema>;
export interface BlogPreviewResponse {
  html: string;
}

/** Job ids are random UUIDs (v4). */
export const jobIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const jobIdParamsSchema = z.object({
  jobId: z.string({ error: 'Job id is required' }).regex(jobIdPattern, 'Invalid job id'),
});

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** `202` answer of both POST routes. */
export interface JobStarted {
  jobId: string;
}

/** `GET /api/generate-blog/{jobId}`: `post` is the stored draft once `done`. */
export interface GenerateJobView {
  status: JobStatus;
  post?: BlogPost;
  /** Why the job failed. */
  error?: string;
  /** Set when the post was accepted outside its length band after a second try. */
  note?: string;
}

/** `GET /api/improve-blog/{jobId}`: `content` is the improved Markdown once `done`. */
export interface ImproveJobView {
  status: JobStatus;
  content?: string;
  error?: string;
}

/** `GET /api/ai-status`: whether the panels can be used, and with which model. */
export interface AiStatus {
  configured: boolean;
  model: string;
}

/** The 503 message when OPENAI_API_KEY is missing (the panels show it as is). */
export const AI_NOT_CONFIGURED =
  'AI drafting is not configured: set OPENAI_API_KEY (and optionally OPENAI_BASE_URL and OPENAI_MODEL) in the site environment.';
