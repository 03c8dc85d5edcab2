import { describe, expect, it } from 'vitest';
import {
  acceptAll,
  CONSENT_STORAGE_KEY,
  essentialOnly,
  hasStoredConsent,
  preferenceDefaults,
  storeConsent,
} from '../../src/islands/cookie-banner/consent';
import { backgroundLabel, backgroundOptions, callRequestSchema } from '../../src/lib/schemas/callRequest';
import {
  careerStageLabel,
  careerStageOptions,
  downloadFormSchema,
  downloadRequestSchema,
} from '../../src/lib/schemas/download';
import { subscribeRequestSchema } from '../../src/lib/schemas/subscriber';
import { fieldErrors } from '../../src/server/http/validate';

describe('call request schema', () => {
  const valid = { name: 'Asha Rao', phone: '98765 43210', background: 'student-10-12', minor: false };

  it('accepts the four backgrounds with their labels', () => {
    expect(backgroundOptions.map((option) => [option.value, option.label])).toEqual([
      ['student-8-9', 'Student in Class 8-9'],
      ['student-10-12', 'Student in Class 10-12'],
      ['college-graduate', 'College Graduate'],
      ['working-professional', 'Working Professional'],
    ]);
    for (const { value } of backgroundOptions)
      expect(callRequestSchema.safeParse({ ...valid, background: value }).success).toBe(true);
    expect(backgroundLabel('college-graduate')).toBe('College Graduate');
  });

  it('takes an optional source and a whole-number quiz score from 0 to 100', () => {
    expect(callRequestSchema.parse({ ...valid, source: 'quiz', quizScore: 0 })).toMatchObject({
      source: 'quiz',
      quizScore: 0,
    });
    for (const quizScore of [-1, 101, 12.5, '50'])
      expect(callRequestSchema.safeParse({ ...valid, quizScore }).success).toBe(false);
    expect(callRequestSchema.safeParse({ ...valid, source: 'x'.repeat(61) }).success).toBe(false);
  });

  it('names every missing field', () => {
    const result = callRequestSchema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(fieldErrors(result.error)).sort()).toEqual(['background', 'name', 'phone']);
  });
});

describe('download form schema', () => {
  const valid = { fullName: 'Meera', email: 'meera@example.com', mobile: '9845012345', currentStage: 'graduates' };

  it('offers the career stages in order', () => {
    expect(careerStageOptions.map((option) => option.value)).toEqual([
      'graduates',
      'earlycareer',
      'midcareer',
      'senior',
      'professionals',
      'class8-9',
      'class10-12',
      'parent',
      'hr-leader',
      'business-leader',
    ]);
    expect(careerStageLabel('graduates')).toBe('College Graduate / Fresh Graduate');
    expect(downloadFormSchema.safeParse(valid).success).toBe(true);
  });

  it('gives each field its message', () => {
    const result = downloadFormSchema.safeParse({
      fullName: '  ',
      email: 'meera@',
      mobile: '984501234',
      currentStage: '',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        fullName: 'Full name is required',
        email: 'Valid email is required',
        mobile: 'Valid mobile number is required',
        currentStage: 'Please select your current stage',
      });
    }
  });

  it('needs at least 10 characters and 10 digits for the mobile', () => {
    expect(downloadFormSchema.safeParse({ ...valid, mobile: '98450-1234' }).success).toBe(false);
    expect(downloadFormSchema.safeParse({ ...valid, mobile: '+91 98450 12345' }).success).toBe(true);
  });

  it('asks the request for a well-formed resource id', () => {
    expect(downloadRequestSchema.safeParse({ ...valid, resourceId: 'executive-guide' }).success).toBe(true);
    expect(downloadRequestSchema.safeParse({ ...valid, resourceId: '../etc' }).success).toBe(false);
  });
});

describe('subscribe request schema', () => {
  it('accepts an address and rejects anything else', () => {
    expect(subscribeRequestSchema.parse({ email: ' a@b.co ' }).email).toBe('a@b.co');
    expect(subscribeRequestSchema.safeParse({ email: 'a@' }).success).toBe(false);
  });
});

describe('cookie consent', () => {
  function memoryStorage(): Storage {
    const map = new Map<string, string>();
    return {
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (key) => map.get(key) ?? null,
      key: (index) => [...map.keys()][index] ?? null,
      removeItem: (key) => void map.delete(key),
      setItem: (key, value) => void map.set(key, value),
    };
  }

  it('has three choices: accept all, essential only and the defaults', () => {
    expect(acceptAll).toEqual({ essential: true, analytics: true, preferences: true, marketing: true });
    expect(essentialOnly).toEqual({ essential: true, analytics: false, preferences: false, marketing: false });
    expect(preferenceDefaults).toEqual({ essential: true, analytics: true, preferences: true, marketing: false });
  });

  it('stores the choices with a timestamp under cookieConsent', () => {
    const storage = memoryStorage();
    expect(hasStoredConsent(storage)).toBe(false);
    storeConsent(storage, essentialOnly, new Date('2026-01-02T03:04:05Z'));
    expect(CONSENT_STORAGE_KEY).toBe('cookieConsent');
    expect(JSON.parse(storage.getItem('cookieConsent') ?? '')).toEqual({
      ...essentialOnly,
      timestamp: '2026-01-02T03:04:05.000Z',
    });
    expect(hasStoredConsent(storage)).toBe(true);
  });

  it('survives storage that throws', () => {
    const broken = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    } as Storage;
    expect(hasStoredConsent(broken)).toBe(false);
    expect(storeConsent(broken, acceptAll).marketing).toBe(true);
  });
});

describe('a student who may be under 18 (docs/privacy.md, "Students and parents")', () => {
  const student = { name: 'Asha Rao', phone: '98765 43210', background: 'student-10-12' };
  const problemsOf = (body: Record<string, unknown>) => {
    const result = callRequestSchema.safeParse(body);
    return result.success ? {} : fieldErrors(result.error);
  };

  it('asks whether the student is under 18, and only for a student', () => {
    expect(Object.keys(problemsOf(student))).toEqual(['minor']);
    expect(problemsOf({ ...student, background: 'college-graduate' })).toEqual({});
    expect(problemsOf({ ...student, minor: false })).toEqual({});
  });

  it("for a child: the parent's name and phone, and their e-mail or WhatsApp for the link", () => {
    expect(Object.keys(problemsOf({ ...student, minor: true })).sort()).toEqual([
      'parentEmail',
      'parentName',
      'parentPhone',
    ]);
    const parent = { parentName: 'Lakshmi Rao', parentPhone: '98765 43211' };
    expect(Object.keys(problemsOf({ ...student, minor: true, ...parent }))).toEqual(['parentEmail']);
    expect(problemsOf({ ...student, minor: true, ...parent, parentEmail: 'lakshmi@example.com' })).toEqual({});
    expect(problemsOf({ ...student, minor: true, ...parent, whatsappOptIn: true })).toEqual({});
    expect(Object.keys(problemsOf({ ...student, minor: true, ...parent, parentEmail: 'nope' }))).toEqual([
      'parentEmail',
    ]);
    expect(Object.keys(problemsOf({ ...student, minor: 'yes' }))).toContain('minor');
  });
});
