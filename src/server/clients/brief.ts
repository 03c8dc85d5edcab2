import { z } from 'zod';
import { questionsFor } from '../../lib/briefQuestions';
import type { AdminBrief, BriefAnswer, BriefAnswers } from '../../lib/schemas/brief';
import { blobCall, collectionStore } from '../storage/blobs';
import type { Client } from './store';

// The brief a client fills before their first session (docs/client-space.md, "Before your
// first session"): one record per client, `briefs/{clientId}` in the 'client-briefs' store,
// written whole by the client's PUT (the last answer wins: only the client writes it). The
// questions are their package audience's (src/lib/briefQuestions.ts); answers to questions no
// longer asked are kept but not shown.

export const BRIEF_STORE = 'client-briefs';
export const briefStore = () => collectionStore(BRIEF_STORE);
const briefKey = (clientId: string) => `briefs/${clientId}`;

const storedBriefSchema = z.object({
  answers: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
type StoredBrief = z.infer<typeof storedBriefSchema>;

/** The client's stored brief, or null before they saved one. */
export async function readBrief(clientId: string): Promise<StoredBrief | null> {
  const value = await blobCall(() => briefStore().get(briefKey(clientId), { type: 'json' }));
  const parsed = storedBriefSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Whether the client has answered at least one of their questions. */
export async function briefFilled(client: Pick<Client, 'id' | 'packageId'>): Promise<boolean> {
  const brief = await readBrief(client.id);
  const asked = new Set(questionsFor(client.packageId).map((question) => question.id));
  return Object.entries(brief?.answers ?? {}).some(([id, answer]) => asked.has(id) && answer !== '');
}

/** What the client space shows: their questions and the answers to them. */
export async function briefOf(client: Pick<Client, 'id' | 'packageId'>): Promise<BriefAnswer> {
  const questions = [...questionsFor(client.packageId)];
  const brief = await readBrief(client.id);
  const answers: BriefAnswers = {};
  for (const question of questions) {
    const answer = brief?.answers[question.id];
    if (answer) answers[question.id] = answer;
  }
  return { questions, answers, updatedAt: brief?.updatedAt ?? null };
}

/** Stores the client's answers (validated by the caller against their questions); the brief as now stored. */
export async function saveBrief(
  client: Pick<Client, 'id' | 'packageId'>,
  answers: BriefAnswers,
  now: Date = new Date(),
): Promise<BriefAnswer> {
  const stored: StoredBrief = { answers, updatedAt: now.toISOString() };
  await blobCall(() => briefStore().setJSON(briefKey(client.id), stored));
  return briefOf(client);
}

/** The brief as the owner reads it beside the client's sessions: every question, answered or not. */
export async function adminBriefOf(client: Pick<Client, 'id' | 'packageId'>): Promise<AdminBrief> {
  const { questions, answers, updatedAt } = await briefOf(client);
  return {
    items: questions.map((question) => ({
      id: question.id,
      label: question.label,
      answer: answers[question.id] ?? '',
    })),
    updatedAt,
  };
}

/** Removes the client's brief and its reminder's marker; how many of them there were. */
export async function eraseBrief(clientId: string): Promise<number> {
  const store = briefStore();
  const keys = [briefKey(clientId), remindedKey(clientId)];
  const found = await Promise.all(keys.map((key) => blobCall(() => store.getMetadata(key))));
  await Promise.all(keys.map((key) => blobCall(() => store.delete(key))));
  return found.filter(Boolean).length;
}

/** The marker that the client's one brief reminder was queued (briefReminder.ts). */
export const remindedKey = (clientId: string) => `brief-reminded/${clientId}`;
