import OpenAI, { APIConnectionTimeoutError, APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { z } from 'zod';
import type { AiConfig } from './config';

// One model call: Chat Completions (the API every OpenAI-compatible server speaks)
// with a strict json_schema answer built from a zod schema, parsed and validated
// again here. Every way it can go wrong becomes a DraftingError with a message the
// owner can act on; the job records it.

export class DraftingError extends Error {
  override name = 'DraftingError';
}

export interface ModelAnswer<T> {
  value: T;
  /** The assistant message, to continue the conversation (a second try). */
  message: ChatCompletionMessageParam;
}

/**
 * A job's model calls, retries included, must end inside the background function's 15
 * minutes (with time left to record the outcome); past that the platform stops the run
 * and the job can only be reported as died.
 */
export const JOB_BUDGET_MINUTES = 14;
export const JOB_BUDGET_MS = JOB_BUDGET_MINUTES * 60_000;

export function openAiClient(config: AiConfig): OpenAI {
  return new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs, maxRetries: 2 });
}

export async function askModel<S extends z.ZodType>(
  client: OpenAI,
  config: AiConfig,
  messages: ChatCompletionMessageParam[],
  schema: S,
  name: string,
  /** The job's whole budget: aborts the call (and its retries) when the job must end. */
  budget?: AbortSignal,
): Promise<ModelAnswer<z.infer<S>>> {
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    completion = await client.chat.completions.create(
      {
        model: config.model,
        messages,
        response_format: zodResponseFormat(schema, name),
      },
      budget ? { signal: budget } : {},
    );
  } catch (error) {
    throw new DraftingError(describeFailure(error));
  }
  const choice = completion.choices?.[0];
  if (!choice) throw new DraftingError('The AI service answered with no draft. Please try again.');
  const { message } = choice;
  if (message.refusal) throw new DraftingError(`The model declined to write this: ${message.refusal}`);
  if (choice.finish_reason === 'length')
    throw new DraftingError('The AI answer was cut off before the end (too long for the model). Try a shorter length.');
  if (choice.finish_reason === 'content_filter')
    throw new DraftingError('The AI service filtered its answer. Try rewording the topic or instructions.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.content ?? '');
  } catch {
    throw new DraftingError('The AI answer was not valid JSON, so no draft was saved. Please try again.');
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || 'answer'))].join(', ');
    throw new DraftingError(
      `The AI answer did not match the draft format (${fields}), so no draft was saved. Please try again.`,
    );
  }
  return { value: result.data, message: { role: 'assistant', content: message.content ?? '' } };
}

function describeFailure(error: unknown): string {
  if (error instanceof APIUserAbortError)
    return `The AI service took longer than the ${JOB_BUDGET_MINUTES} minutes a draft may take. Please try again, or ask for a shorter length.`;
  if (error instanceof APIConnectionTimeoutError) return 'The AI service did not answer in time. Please try again.';
  if (error instanceof APIConnectionError)
    return 'Could not reach the AI service (check OPENAI_BASE_URL). Please try again.';
  if (error instanceof APIError) {
    if (error.status === 401 || error.status === 403)
      return 'The AI service refused the API key (check OPENAI_API_KEY).';
    if (error.status === 429)
      return 'The AI service is busy or out of quota (HTTP 429). Please try again in a few minutes.';
    if (error.status === 404) return 'The AI service does not know the model (check OPENAI_MODEL).';
    if (typeof error.status === 'number' && error.status >= 500)
      return `The AI service failed (HTTP ${error.status}). Please try again.`;
    return `The AI service rejected the request (HTTP ${error.status ?? 'error'}).`;
  }
  console.error('[ai drafting] unexpected model call failure', error);
  return 'The AI call failed unexpectedly. Please try again.';
}
