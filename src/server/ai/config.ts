import { AI_NOT_CONFIGURED, type AiStatus } from '../../lib/schemas/aiDrafting';
import { env } from '../env';
import { serviceUnavailable } from '../http/errors';

// Any OpenAI-compatible server (OPENAI_BASE_URL, e.g. a local Ollama at
// http://localhost:11434/v1) and model; without a key the AI panels are switched off
// (docs/decisions/0020-ai-drafting-as-background-jobs.md).

/** Cheap, fast, and good at long structured answers; override with OPENAI_MODEL. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
/** One model call may take this long (OPENAI_TIMEOUT_MS); a long post takes minutes. */
export const DEFAULT_OPENAI_TIMEOUT_MS = 6 * 60_000;

export interface AiConfig {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
  timeoutMs: number;
}

export function aiModel(): string {
  return env('OPENAI_MODEL') ?? DEFAULT_OPENAI_MODEL;
}

export function aiStatus(): AiStatus {
  return { configured: env('OPENAI_API_KEY') !== undefined, model: aiModel() };
}

/** The settings for a model call; 503 with the message the panels show when there is no key. */
export function requireAiConfig(): AiConfig {
  const apiKey = env('OPENAI_API_KEY');
  if (!apiKey) throw serviceUnavailable(AI_NOT_CONFIGURED);
  const timeout = Number(env('OPENAI_TIMEOUT_MS'));
  return {
    apiKey,
    baseURL: env('OPENAI_BASE_URL'),
    model: aiModel(),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_OPENAI_TIMEOUT_MS,
  };
}
