import bandData from '../../content/quiz-bands.json';
import questionData from '../../content/quiz.json';

// The AI career vulnerability quiz: 6 questions, 5 options scored
// 4 down to 0, a percentage rounded, bands at 75 / 50 / 25. Pure: no DOM, no zod,
// so it is cheap to ship with the quiz and easy to test at every boundary.

export interface QuizOption {
  label: string;
  score: number;
}

export interface QuizQuestion {
  id: string;
  question: string;
  options: QuizOption[];
}

export type BandId = 'safe' | 'moderate' | 'high' | 'danger';

export interface QuizBand {
  id: BandId;
  /** Lowest percentage (inclusive) that falls in this band. */
  min: number;
  title: string;
  message: string;
  urgency: string;
}

export const quizQuestions: readonly QuizQuestion[] = questionData;
/** Highest band first, so the first band whose minimum is met is the answer. */
export const quizBands: readonly QuizBand[] = [...(bandData as QuizBand[])].sort((a, b) => b.min - a.min);

export const MAX_OPTION_SCORE = 4;
export const maxQuizScore = (questions: readonly QuizQuestion[] = quizQuestions) => questions.length * MAX_OPTION_SCORE;

/** Percentage of the maximum, rounded: round(total / 24 * 100) for the shipped quiz. */
export function scorePercent(total: number, max: number = maxQuizScore()): number {
  if (!Number.isFinite(total) || max <= 0)
    throw new RangeError('A quiz score needs a finite total and a positive maximum');
  const clamped = Math.min(Math.max(total, 0), max);
  return Math.round((clamped / max) * 100);
}

/** Sums the scores of the chosen option per question; every question must be answered. */
export function totalScore(
  answers: readonly (number | null | undefined)[],
  questions: readonly QuizQuestion[] = quizQuestions,
): number {
  if (answers.length !== questions.length)
    throw new RangeError(`Expected ${questions.length} answers, got ${answers.length}`);
  return questions.reduce((sum, question, index) => {
    const choice = answers[index];
    const option = choice == null ? undefined : question.options[choice];
    if (!option) throw new RangeError(`Question ${index + 1} has no valid answer`);
    return sum + option.score;
  }, 0);
}

export function bandFor(percent: number, bands: readonly QuizBand[] = quizBands): QuizBand {
  const band = bands.find((candidate) => percent >= candidate.min) ?? bands.at(-1);
  if (!band) throw new RangeError('No quiz bands defined');
  return band;
}

export interface QuizResult {
  percent: number;
  band: QuizBand;
}

export function quizResult(
  answers: readonly (number | null | undefined)[],
  questions: readonly QuizQuestion[] = quizQuestions,
): QuizResult {
  const percent = scorePercent(totalScore(answers, questions), maxQuizScore(questions));
  return { percent, band: bandFor(percent) };
}
