import questionData from '../../content/brief-questions.json';
import { findPackage } from './packageCatalogue';
import { type BriefAudience, type BriefQuestion, briefQuestionsSchema } from './schemas/brief';

/**
 * The brief's questions per audience (content/brief-questions.json), validated once on import:
 * a bad edit fails the build and the tests, not a client's form.
 */
export const briefQuestions: Readonly<Record<BriefAudience, readonly BriefQuestion[]>> =
  briefQuestionsSchema.parse(questionData);

/**
 * Whom a package is for: a student package asks what fits a student (DECISIONS 41); every other
 * package, and a fee agreed after a call (no package), asks a working professional's questions.
 */
export function briefAudienceOf(packageId: string | null): BriefAudience {
  return packageId && findPackage(packageId)?.forStudents ? 'students' : 'professionals';
}

export const questionsFor = (packageId: string | null): readonly BriefQuestion[] =>
  briefQuestions[briefAudienceOf(packageId)];
