import { z } from './zod';
import { appointmentIdSchema, manageQuerySchema } from './appointment';

// A client's review of a held session (docs/decisions/0044-client-reviews-with-consent.md): the
// request the review page and POST /api/reviews take, the stored record, and what the owner and
// the public see of it.

export const REVIEW_TEXT_MAX = 1000;
/** The most approved reviews the public answer and the pages show (the newest). */
export const REVIEWS_SHOWN = 6;
export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;

/** The words of the publishing box, shown on the review page and kept with the review. */
export const PUBLISH_CONSENT_WORDS = 'You may publish this with my first name and the initial of my last name';

// Typed text is kept as what it claims to be: plain text (docs/decisions/0039 rules for names,
// carried over to a review's lines). Line breaks and tabs are allowed; every other control
// character, and anything drawn as nothing (zero-width characters, bidi controls, variation
// selectors: Default_Ignorable_Code_Point), is refused, as are private-use and unpaired
// surrogate code points.
const HIDDEN_OR_CONTROL = /(?![\n\t])[\p{Cc}\p{Co}\p{Cs}]|\p{Default_Ignorable_Code_Point}/u;

export const REVIEW_TEXT_MESSAGE = 'Use plain text: no control, zero-width or direction characters';

export const reviewText = z
  .string({ error: 'Review text is required' })
  .refine((value) => !HIDDEN_OR_CONTROL.test(value.replace(/\r\n?/g, '\n')), REVIEW_TEXT_MESSAGE)
  .overwrite((value) =>
    value
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  )
  .min(1, 'Write a few words')
  .max(REVIEW_TEXT_MAX, `At most ${REVIEW_TEXT_MAX} characters`);

export const reviewRating = z
  .number({ error: 'Choose a rating from 1 to 5' })
  .int('Choose a rating from 1 to 5')
  .min(1, 'Choose a rating from 1 to 5')
  .max(5, 'Choose a rating from 1 to 5');

export const reviewTokenSchema = manageQuerySchema.shape.token;

/** POST /api/reviews (and the review page's own form, once its fields are read). */
export const reviewRequestSchema = z.strictObject({
  sessionId: appointmentIdSchema,
  token: reviewTokenSchema,
  rating: reviewRating,
  text: reviewText,
  publish: z.boolean({ error: 'Publish must be true or false' }),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const reviewStatuses = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** A stored review, one per session (its id is the session's). */
export const reviewRecordSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  rating: reviewRating,
  text: z.string().max(REVIEW_TEXT_MAX),
  /** The client ticked the box: shown once approved. */
  publish: z.boolean(),
  /** The words of the box as shown, when it was ticked. */
  publishWords: z.string().nullable(),
  /** First name and the initial of the last, computed on the server from the session's name. */
  name: z.string().max(120),
  status: z.enum(reviewStatuses),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ReviewRecord = z.infer<typeof reviewRecordSchema>;

/** GET /api/admin/reviews: newest first. */
export interface AdminReviewsAnswer {
  items: ReviewRecord[];
}
export interface AdminReviewAnswer {
  review: ReviewRecord;
}

/** One review as the public sees it. */
export const publicReviewSchema = z.object({
  name: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  /** YYYY-MM-DD (IST) of the review. */
  date: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** GET /api/reviews: the count and average over every approved, publishable review; the newest few. */
export const publicReviewsAnswerSchema = z.object({
  count: z.number().int().min(0),
  /** One decimal, or null with no review. */
  average: z.number().nullable(),
  reviews: z.array(publicReviewSchema),
});
export type PublicReviewsAnswer = z.infer<typeof publicReviewsAnswerSchema>;

export const reviewIdSchema = appointmentIdSchema;
