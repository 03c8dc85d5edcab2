import { describe, expect, test } from 'vitest';
import { publicNameOf } from '../../src/lib/reviews/publicName';
import { reviewBodyOf, reviewFormValues } from '../../src/lib/reviews/reviewForm';
import { averageRating, isPublic } from '../../src/lib/reviews/summary';
import { reviewRequestSchema, type ReviewRecord } from '../../src/lib/schemas/review';
import { publicAnswerOf } from '../../src/server/reviews/publicView';

// The pure rules of reviews (docs/decisions/0044-client-reviews-with-consent.md): the published
// name, the average, which reviews count, and what the request accepts.

describe('the published name', () => {
  test.each([
    ['Priya Sharma', 'Priya S.'],
    ['  Priya   Sharma  ', 'Priya S.'],
    ['Priya', 'Priya'],
    ['priya sharma', 'priya S.'],
    ['Anil Kumar Singh', 'Anil S.'],
    ["Seán O'Brien", 'Seán O.'],
    ['Mary-Jane van der Berg', 'Mary-Jane B.'],
    ['प्रिया शर्मा', 'प्रिया श.'],
    ['அருண் குமார்', 'அருண் கு.'],
    ['Ravi .', 'Ravi'],
  ])('%s -> %s', (name, published) => {
    expect(publicNameOf(name)).toBe(published);
  });
  test('an Indic initial is its whole first letter cluster, marks and conjunct included', () => {
    expect(publicNameOf('Asha श्रीवास्तव')).toBe('Asha श्री.');
  });
  test('no letter, no name', () => {
    expect(publicNameOf(' . - ')).toBeNull();
    expect(publicNameOf('')).toBeNull();
  });
});

describe('the figures', () => {
  test('the average to one decimal; none without reviews', () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([{ rating: 5 }, { rating: 4 }])).toBe(4.5);
    expect(averageRating([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toBe(4.3);
    expect(averageRating([{ rating: 1 }, { rating: 2 }, { rating: 2 }])).toBe(1.7);
  });
  test('only approved reviews the client allowed to publish count, newest first, at most the number shown', () => {
    const review = (id: string, rating: number, status: ReviewRecord['status'], publish: boolean): ReviewRecord => ({
      id,
      clientId: 'c',
      rating,
      text: `text ${id}`,
      publish,
      publishWords: publish ? 'words' : null,
      name: `Name ${id}`,
      status,
      createdAt: `2026-11-2${id}T10:00:00.000Z`,
      decidedAt: null,
    });
    const reviews = [
      review('1', 5, 'approved', true),
      review('2', 3, 'approved', true),
      review('3', 1, 'approved', false),
      review('4', 1, 'hidden', true),
      review('5', 1, 'pending', true),
      review('6', 4, 'approved', true),
    ];
    expect(reviews.filter(isPublic).map((each) => each.id)).toEqual(['1', '2', '6']);
    const answer = publicAnswerOf(reviews, 2);
    expect(answer.count).toBe(3);
    expect(answer.average).toBe(4);
    expect(answer.reviews).toEqual([
      { name: 'Name 6', rating: 4, text: 'text 6', date: '2026-11-26' },
      { name: 'Name 2', rating: 3, text: 'text 2', date: '2026-11-22' },
    ]);
  });
});

describe('the request', () => {
  const valid = {
    sessionId: '1795660296427-0a1b2c3d4e',
    token: 'a'.repeat(43),
    rating: 5,
    text: 'Good.',
    publish: false,
  };
  test('plain text: line breaks kept, spaces tidied; hidden and control characters refused', () => {
    expect(reviewRequestSchema.parse({ ...valid, text: '  One\r\n\r\n\r\nTwo   three\t ' }).text).toBe(
      'One\n\nTwo three',
    );
    for (const text of ['a\u200Bb', 'a\u200Db', 'a\u202Eb', 'a\u2066b', 'a\u0000b', 'a\u001Bb', 'a\uFE0Fb', 'a\uE000b'])
      expect(reviewRequestSchema.safeParse({ ...valid, text }).success, JSON.stringify(text)).toBe(false);
    expect(reviewRequestSchema.safeParse({ ...valid, text: 'समीक्षा: बहुत अच्छा 👍' }).success).toBe(true);
  });
});

describe("the review page's plain form", () => {
  test('its fields become the request: a whole rating, the text as typed, the box ticked or not', () => {
    const form = new FormData();
    form.set('rating', '4');
    form.set('text', 'Good.');
    form.set('publish', 'yes');
    const values = reviewFormValues(form);
    expect(values).toEqual({ rating: '4', text: 'Good.', publish: true });
    expect(reviewBodyOf(values, 's', 't')).toEqual({
      sessionId: 's',
      token: 't',
      rating: 4,
      text: 'Good.',
      publish: true,
    });
    expect(reviewFormValues(null)).toEqual({ rating: '', text: '', publish: false });
    // A rating that is not one digit is left for the schema to refuse, naming the field.
    for (const rating of ['', '4.5', '10', 'five'])
      expect(reviewBodyOf({ rating, text: 'x', publish: false }, 's', 't').rating).toBeUndefined();
  });
});
