import { z } from './zod';

// The brief a client fills before their first session (docs/client-space.md): its questions
// are content (content/brief-questions.json, one list per package audience), validated here on
// import, and the answers are checked against the questions of the client's own package.

export const briefAudiences = ['students', 'professionals'] as const;
export type BriefAudience = (typeof briefAudiences)[number];

/** The longest answer any question may allow: a question's own limit is at most this. */
export const MAX_BRIEF_ANSWER_LENGTH = 2000;

const questionBase = {
  id: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/, 'A question id is letters and digits'),
  label: z.string().min(1).max(200),
};

export const briefQuestionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...questionBase,
    kind: z.enum(['short-text', 'long-text']),
    maxLength: z.number().int().min(1).max(MAX_BRIEF_ANSWER_LENGTH),
  }),
  z.strictObject({
    ...questionBase,
    kind: z.literal('choice'),
    options: z.array(z.string().min(1).max(80)).min(2).max(20),
  }),
  /** A whole number of years, 0 to `max`. */
  z.strictObject({ ...questionBase, kind: z.literal('years'), max: z.number().int().min(1).max(100) }),
]);
export type BriefQuestion = z.infer<typeof briefQuestionSchema>;

const questionListSchema = z
  .array(briefQuestionSchema)
  .min(1)
  .max(20)
  .refine((list) => new Set(list.map((question) => question.id)).size === list.length, 'Question ids must be unique');

export const briefQuestionsSchema = z.strictObject({ students: questionListSchema, professionals: questionListSchema });

// Typed text is what it claims to be (docs/decisions/0039-person-names-and-indic-documents.md): plain text,
// with no control characters (a long answer keeps its line breaks), no bidi controls that
// would reorder what the owner reads, no zero-width spaces or byte-order marks.
const CONTROL = /[\p{Cc}]/u;
const CONTROL_BUT_NEWLINE = /[^\P{Cc}\n]/u;
// A lone surrogate (\p{Cs}) is no character at all.
const HIDDEN = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF\p{Cs}]/u;
export const PLAIN_TEXT_MESSAGE = 'Use plain text: no control or direction-changing characters';

/** The rule for one question's answer; an empty answer (after trimming) means unanswered. */
export function answerSchema(question: BriefQuestion) {
  const text = z
    .string({ error: 'Answer with text' })
    .overwrite((value) => value.normalize('NFC').replace(/\r\n?/g, '\n').trim());
  switch (question.kind) {
    case 'short-text':
    case 'long-text': {
      const control = question.kind === 'long-text' ? CONTROL_BUT_NEWLINE : CONTROL;
      return text
        .refine((value) => !control.test(value) && !HIDDEN.test(value), PLAIN_TEXT_MESSAGE)
        .refine((value) => value.length <= question.maxLength, `At most ${question.maxLength} characters`);
    }
    case 'choice':
      return text.refine(
        (value) => value === '' || question.options.includes(value),
        `Choose one of: ${question.options.join(', ')}`,
      );
    case 'years':
      return text
        .refine((value) => value === '' || /^\d{1,3}$/.test(value), 'Enter a whole number of years')
        .overwrite((value) => (value === '' ? '' : String(Number(value))))
        .refine((value) => value === '' || Number(value) <= question.max, `At most ${question.max} years`);
  }
}

/** PUT /api/client-space/{id}/brief: answers by question id; an id the client's questions lack is refused by name. */
export function briefRequestSchema(questions: readonly BriefQuestion[]) {
  return z.strictObject({
    answers: z.strictObject(
      Object.fromEntries(questions.map((question) => [question.id, answerSchema(question).optional()])),
      { error: 'Answers must be an object of question ids' },
    ),
  });
}

export type BriefAnswers = Record<string, string>;

/** The answers worth keeping: the empty ones dropped (pure). */
export const filledAnswers = (answers: Record<string, string | undefined>): BriefAnswers =>
  Object.fromEntries(Object.entries(answers).filter((entry): entry is [string, string] => Boolean(entry[1])));

/** GET and PUT /api/client-space/{id}/brief */
export interface BriefAnswer {
  questions: BriefQuestion[];
  answers: BriefAnswers;
  updatedAt: string | null;
}

/** A brief as the owner sees it beside the client: each question with its answer. */
export interface AdminBrief {
  items: Array<{ id: string; label: string; answer: string }>;
  updatedAt: string | null;
}
