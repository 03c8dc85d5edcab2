import { describe, expect, test } from 'vitest';
import { briefAudienceOf, briefQuestions, questionsFor } from '../../src/lib/briefQuestions';
import {
  type BriefQuestion,
  answerSchema,
  briefQuestionsSchema,
  briefRequestSchema,
  filledAnswers,
} from '../../src/lib/schemas/brief';
import { documentDownloadName, documentUploadQuerySchema, looksLikePdf } from '../../src/lib/schemas/clientDocument';

// The brief's questions and answers, and a shared document's title, name and bytes
// (docs/client-space.md): pure rules the form, the functions and the stores share.

const short: BriefQuestion = { id: 'role', label: 'Role', kind: 'short-text', maxLength: 20 };
const long: BriefQuestion = { id: 'goal', label: 'Goal', kind: 'long-text', maxLength: 50 };
const choice: BriefQuestion = { id: 'grade', label: 'Class', kind: 'choice', options: ['Class 9', 'Class 10'] };
const years: BriefQuestion = { id: 'years', label: 'Years', kind: 'years', max: 60 };

const parse = (question: BriefQuestion, value: unknown) => answerSchema(question).safeParse(value);

describe('the questions', () => {
  test('a student package asks what fits a student; any other, or no package, a professional', () => {
    expect(briefAudienceOf('discover')).toBe('students');
    expect(briefAudienceOf('achieve-plus')).toBe('students');
    expect(briefAudienceOf('ascend')).toBe('professionals');
    expect(briefAudienceOf(null)).toBe('professionals');
    expect(briefAudienceOf('no-such-package')).toBe('professionals');
    expect(questionsFor('discover').map((question) => question.id)).toEqual([
      'class',
      'subjects',
      'interests',
      'parentHopes',
    ]);
    expect(questionsFor('ascend').map((question) => question.id)).toEqual([
      'currentRole',
      'yearsExperience',
      'goal',
      'triedSoFar',
    ]);
  });

  test('the content is refused with a repeated id, an unknown kind or a limit past the longest answer', () => {
    const valid = { students: [short], professionals: [long] };
    expect(briefQuestionsSchema.safeParse(valid).success).toBe(true);
    expect(briefQuestionsSchema.safeParse({ ...valid, students: [short, short] }).success).toBe(false);
    expect(briefQuestionsSchema.safeParse({ ...valid, students: [{ ...short, kind: 'date' }] }).success).toBe(false);
    expect(briefQuestionsSchema.safeParse({ ...valid, students: [{ ...short, maxLength: 5000 }] }).success).toBe(false);
    expect(briefQuestionsSchema.safeParse({ students: [short] }).success).toBe(false);
    // The shipped file passes (it is parsed on import too).
    expect(briefQuestions.students.length).toBeGreaterThan(0);
  });
});

describe('an answer', () => {
  test('typed text is plain text: control and direction-changing characters are refused', () => {
    expect(parse(short, '  Analyst  ')).toMatchObject({ success: true, data: 'Analyst' });
    for (const bad of ['Ana\u202Elyst', 'Ana\u2066lyst', 'Ana\u200Blyst', 'Ana\u0000lyst', 'a\nb', '\uD800x'])
      expect(parse(short, bad).success, JSON.stringify(bad)).toBe(false);
    // A long answer keeps its line breaks (Windows ones made plain), nothing else.
    expect(parse(long, 'one\r\ntwo')).toMatchObject({ success: true, data: 'one\ntwo' });
    expect(parse(long, 'one\ttwo').success).toBe(false);
    // Indian scripts read as typed.
    expect(parse(short, 'वरिष्ठ विश्लेषक')).toMatchObject({ success: true, data: 'वरिष्ठ विश्लेषक' });
  });

  test('lengths are capped by the question', () => {
    expect(parse(short, 'x'.repeat(20)).success).toBe(true);
    expect(parse(short, 'x'.repeat(21)).success).toBe(false);
    expect(parse(long, 'x'.repeat(51)).success).toBe(false);
  });

  test('a choice is one of its options; years are a whole number within the limit', () => {
    expect(parse(choice, 'Class 10').success).toBe(true);
    expect(parse(choice, 'Class 11').success).toBe(false);
    expect(parse(years, '07')).toMatchObject({ success: true, data: '7' });
    expect(parse(years, '60').success).toBe(true);
    for (const bad of ['61', 'seven', '7.5', '-1', '1e2']) expect(parse(years, bad).success, bad).toBe(false);
    expect(parse(years, '')).toMatchObject({ success: true, data: '' });
  });

  test('the request names an unknown question id; empty answers are dropped', () => {
    const schema = briefRequestSchema([short, years]);
    const unknown = schema.safeParse({ answers: { role: 'Analyst', colour: 'blue' } });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['colour'], path: ['answers'] });
    expect(schema.safeParse({ answers: { role: 5 } }).success).toBe(false);
    expect(schema.safeParse({ answers: {}, extra: 1 }).success).toBe(false);
    const parsed = schema.parse({ answers: { role: ' Analyst ', years: '' } });
    expect(filledAnswers(parsed.answers)).toEqual({ role: 'Analyst' });
  });
});

describe('a shared document', () => {
  test('is a PDF by its first bytes, not its name', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(looksLikePdf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(looksLikePdf(new TextEncoder().encode(' %PDF-1.7'))).toBe(false);
  });

  test('its title is one line of plain text, 1 to 120 characters', () => {
    expect(documentUploadQuerySchema.parse({ title: '  Action   plan ' }).title).toBe('Action plan');
    for (const bad of ['', '   ', 'a\nb', 'x\u202Ey', 'x'.repeat(121)])
      expect(documentUploadQuerySchema.safeParse({ title: bad }).success, JSON.stringify(bad)).toBe(false);
  });

  test('downloads under a safe ASCII file name', () => {
    expect(documentDownloadName('Action plan: 2026 (v2)')).toBe('Action-plan-2026-v2.pdf');
    expect(documentDownloadName('Résumé notes')).toBe('Resume-notes.pdf');
    expect(documentDownloadName('कार्य योजना')).toBe('document.pdf');
    expect(documentDownloadName('"; rm -rf /"')).toBe('rm--rf.pdf');
    expect(documentDownloadName('../../etc/passwd')).toBe('etcpasswd.pdf');
  });
});
