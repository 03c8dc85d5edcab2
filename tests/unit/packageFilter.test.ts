import { describe, expect, it, test } from 'vitest';
import { packageCatalogue } from '../../src/lib/packageCatalogue';
import {
  audiencesOf,
  defaultAudience,
  wantedAudience,
  isPackageAudience,
  matchesAudience,
  packagesFor,
} from '../../src/lib/packageFilter';

const ids = (audience: Parameters<typeof packagesFor>[1]) =>
  packagesFor(packageCatalogue, audience).map((item) => item.id);

describe('package audience tabs', () => {
  it('defaults to freshers', () => {
    expect(defaultAudience).toBe('freshers');
  });
  it('shows school packages to students and nothing for professionals', () => {
    expect(ids('students')).toEqual(['discover', 'discover-plus', 'achieve', 'achieve-plus']);
  });
  it('shows graduate packages and all-professional packages to freshers', () => {
    expect(ids('freshers')).toEqual(['ascend', 'ascend-plus', 'life-coaching']);
  });
  it('shows working-professional packages to middle', () => {
    expect(ids('middle')).toEqual(['ascend', 'ascend-plus', 'life-coaching']);
  });
  it('shows executive packages to senior', () => {
    expect(ids('senior')).toEqual(['senior-transition', 'life-coaching']);
  });

  it('matches case-insensitively on every audience keyword', () => {
    expect(matchesAudience('FRESHERS and interns', 'freshers')).toBe(true);
    expect(matchesAudience('Middle Management', 'middle')).toBe(true);
    expect(matchesAudience('C-suite Executives', 'senior')).toBe(true);
    expect(matchesAudience('Senior Professionals', 'senior')).toBe(true);
    expect(matchesAudience('School students', 'students')).toBe(true);
    expect(matchesAudience('Class 11', 'students')).toBe(true);
  });
  it('does not match unrelated audiences', () => {
    expect(matchesAudience('Students in Class 8-9', 'freshers')).toBe(false);
    expect(matchesAudience('Senior Professionals', 'middle')).toBe(false);
    expect(matchesAudience('Retired teachers', 'senior')).toBe(false);
  });
  it('puts all-professional packages in every professional tab but not in students', () => {
    expect(audiencesOf('All Professionals')).toEqual(['freshers', 'middle', 'senior']);
  });
  it('leaves a tab empty when nothing matches, for the coming-soon state', () => {
    expect(packagesFor([{ targetAudience: 'Students in Class 8-9' }], 'senior')).toEqual([]);
  });
  it('recognises tab ids', () => {
    expect(isPackageAudience('middle')).toBe(true);
    expect(isPackageAudience('juniors')).toBe(false);
    expect(isPackageAudience(null)).toBe(false);
  });
});

describe('the tab a visit asks for', () => {
  test('?for= on the page first, then what the visit remembered, else none', () => {
    expect(wantedAudience('?for=students', null)).toBe('students');
    expect(wantedAudience('?for=students', 'senior')).toBe('students');
    expect(wantedAudience('', 'senior')).toBe('senior');
    expect(wantedAudience('?for=nobody', null)).toBeNull();
    expect(wantedAudience('', 'javascript:alert(1)')).toBeNull();
  });
});
