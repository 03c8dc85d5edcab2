// The review page's plain HTML form (docs/decisions/0044-client-reviews-with-consent.md), read
// into the request POST /api/reviews takes, so one schema checks both. Pure.

export const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export interface ReviewFormValues {
  rating: string;
  text: string;
  publish: boolean;
}

/** What the form sent, as typed (shown again beside its errors). */
export function reviewFormValues(form: FormData | null): ReviewFormValues {
  const text = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { rating: text('rating'), text: text('text'), publish: text('publish') === 'yes' };
}

/** The request body the values make: a rating that is not a whole number is left for the schema to refuse. */
export function reviewBodyOf(values: ReviewFormValues, sessionId: string, token: string) {
  return {
    sessionId,
    token,
    rating: /^\d$/.test(values.rating) ? Number(values.rating) : undefined,
    text: values.text,
    publish: values.publish,
  };
}
