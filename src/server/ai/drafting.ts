import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { blogPostInputSchema, type BlogPostInput } from '../../lib/schemas/blogPost';
import {
  generateBlogRequestSchema,
  improveBlogRequestSchema,
  MAX_IMPROVE_CONTENT_LENGTH,
  MAX_KEYWORDS,
  MAX_KEYWORD_LENGTH,
  type GenerateBlogOrder,
} from '../../lib/schemas/aiDrafting';
import { sanitizeMarkdownSource, createStoragePost } from '../blog';
import { HttpError } from '../http/errors';
import { requireAiConfig } from './config';
import { generatedPostSchema, improvedContentSchema, type GeneratedPost } from './draftSchemas';
import { settleJob, type AiJob, type JobOutcome } from './jobs';
import { bandText, countWords, isFarOutside, lengthVerdict } from './lengthBand';
import { askModel, DraftingError, JOB_BUDGET_MS, openAiClient } from './model';
import { generationMessage, improvementMessage, lengthRetryMessage, systemPrompt } from './prompt';

// The work of a claimed job (run by the background function). A generated post is
// saved as a storage draft the moment the model's answer passes its checks, never
// published; any failure stores nothing and says why in the job
// (docs/decisions/0020-ai-drafting-as-background-jobs.md).

/** Runs a claimed job to its end and records the outcome. Never throws. */
export async function runJob(
  job: AiJob,
  budget: AbortSignal = AbortSignal.timeout(JOB_BUDGET_MS),
): Promise<AiJob | null> {
  let outcome: JobOutcome;
  try {
    outcome = job.kind === 'generate' ? await generateDraft(job, budget) : await improveContent(job, budget);
  } catch (error) {
    outcome = { status: 'failed', error: failureMessage(error) };
  }
  return settleJob(job, outcome);
}

function failureMessage(error: unknown): string {
  if (error instanceof DraftingError || error instanceof HttpError) return error.message;
  console.error('[ai drafting] job failed unexpectedly', error);
  return 'The AI job failed unexpectedly. Please try again.';
}

async function generateDraft(job: AiJob, budget: AbortSignal): Promise<JobOutcome> {
  const order = generateBlogRequestSchema.parse(job.request);
  const config = requireAiConfig();
  const client = openAiClient(config);
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: systemPrompt },
    { role: 'user', content: generationMessage(order) },
  ];
  const first = await askModel(client, config, messages, generatedPostSchema, 'blog_post', budget);
  let draft = first.value;
  let note: string | undefined;
  const firstWords = countWords(draft.content);
  if (isFarOutside(lengthVerdict(firstWords, order.length))) {
    // Asked once more, then accepted as it comes: a draft the owner can edit beats none.
    const retry = [
      ...messages,
      first.message,
      { role: 'user' as const, content: lengthRetryMessage(order, firstWords) },
    ];
    draft = (await askModel(client, config, retry, generatedPostSchema, 'blog_post', budget)).value;
    const words = countWords(draft.content);
    if (isFarOutside(lengthVerdict(words, order.length))) {
      note = `The draft has about ${words} words, outside the ${bandText(order.length)} asked for, even after asking again. Edit it to length before publishing.`;
    }
  }
  const post = await createStoragePost(draftFields(draft, order));
  return note === undefined ? { status: 'done', postId: post.id } : { status: 'done', postId: post.id, note };
}

/** The model's answer as a storage draft, checked by the blog post schema itself. */
export function draftFields(draft: GeneratedPost, order: GenerateBlogOrder): BlogPostInput {
  const seen = new Set<string>();
  const keywords = [...order.keywords, ...draft.keywords]
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '' && keyword.length <= MAX_KEYWORD_LENGTH)
    .filter((keyword) => !seen.has(keyword.toLowerCase()) && seen.add(keyword.toLowerCase()))
    .slice(0, MAX_KEYWORDS);
  const fields = blogPostInputSchema.safeParse({
    title: draft.title,
    excerpt: draft.excerpt,
    content: draft.content,
    category: order.category,
    imageAlt: draft.imageAlt.slice(0, 200),
    keywords,
    draft: true,
  });
  if (!fields.success) {
    const problems = fields.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new DraftingError(
      `The AI draft did not fit a blog post (${problems}), so no draft was saved. Please try again.`,
    );
  }
  return fields.data;
}

async function improveContent(job: AiJob, budget: AbortSignal): Promise<JobOutcome> {
  const order = improveBlogRequestSchema.parse(job.request);
  const config = requireAiConfig();
  const answer = await askModel(
    openAiClient(config),
    config,
    [
      { role: 'system', content: systemPrompt },
      { role: 'user', content: improvementMessage(order) },
    ],
    improvedContentSchema,
    'improved_post',
    budget,
  );
  const content = sanitizeMarkdownSource(answer.value.content).trim();
  if (content === '') throw new DraftingError('The AI answered with empty content. Please try again.');
  if (content.length > MAX_IMPROVE_CONTENT_LENGTH)
    throw new DraftingError('The improved post is longer than a post may be. Ask for a shorter version.');
  return { status: 'done', content };
}
