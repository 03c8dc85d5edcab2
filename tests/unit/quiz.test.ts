import { describe, expect, it } from 'vitest';
import {
  bandFor,
  maxQuizScore,
  quizBands,
  quizQuestions,
  quizResult,
  scorePercent,
  totalScore,
} from '../../src/lib/quiz';

describe('quiz data', () => {
  it('has 6 questions of 5 options scored 4 down to 0', () => {
    expect(quizQuestions).toHaveLength(6);
    for (const question of quizQuestions) {
      expect(question.options.map((option) => option.score)).toEqual([4, 3, 2, 1, 0]);
      expect(question.question.length).toBeGreaterThan(10);
    }
    expect(maxQuizScore()).toBe(24);
  });

  it('has four bands with a message and an urgency line each', () => {
    expect(quizBands.map((band) => [band.title, band.min])).toEqual([
      ['Safe for Now', 75],
      ['Moderate Risk', 50],
      ['High Risk', 25],
      ['Immediate Danger', 0],
    ]);
    for (const band of quizBands) {
      expect(band.message.length).toBeGreaterThan(20);
      expect(band.urgency.length).toBeGreaterThan(10);
    }
  });
});

describe('scorePercent', () => {
  it.each([
    [0, 0],
    [6, 25],
    [12, 50],
    [18, 75],
    [24, 100],
    [1, 4],
    [5, 21],
    [7, 29],
    [11, 46],
    [13, 54],
    [17, 71],
    [19, 79],
  ])('total %i of 24 is %i %%', (total, percent) => {
    expect(scorePercent(total)).toBe(percent);
  });

  it('rounds half up like Math.round', () => {
    expect(scorePercent(1, 8)).toBe(13); // 12.5
  });

  it('refuses a non-finite total', () => {
    expect(() => scorePercent(Number.NaN)).toThrow(RangeError);
  });
});

describe('bandFor at every boundary', () => {
  it.each([
    [0, 'Immediate Danger'],
    [24, 'Immediate Danger'],
    [25, 'High Risk'],
    [49, 'High Risk'],
    [50, 'Moderate Risk'],
    [74, 'Moderate Risk'],
    [75, 'Safe for Now'],
    [100, 'Safe for Now'],
  ])('%i %% is %s', (percent, title) => {
    expect(bandFor(percent).title).toBe(title);
  });
});

describe('quizResult', () => {
  it('scores the chosen options', () => {
    expect(totalScore([0, 0, 0, 0, 0, 0])).toBe(24);
    expect(totalScore([4, 4, 4, 4, 4, 4])).toBe(0);
    expect(quizResult([0, 0, 0, 1, 1, 1])).toMatchObject({ percent: 88, band: { id: 'safe' } });
    expect(quizResult([2, 2, 2, 2, 2, 2])).toMatchObject({ percent: 50, band: { id: 'moderate' } });
    expect(quizResult([3, 3, 3, 3, 3, 3])).toMatchObject({ percent: 25, band: { id: 'high' } });
    expect(quizResult([4, 4, 4, 4, 4, 3])).toMatchObject({ percent: 4, band: { id: 'danger' } });
  });

  it('refuses unanswered or out-of-range answers', () => {
    expect(() => totalScore([0, 0, 0, 0, 0])).toThrow(RangeError);
    expect(() => totalScore([0, 0, 0, 0, 0, null])).toThrow(/Question 6/);
    expect(() => totalScore([0, 0, 0, 0, 0, 5])).toThrow(/Question 6/);
  });
});
