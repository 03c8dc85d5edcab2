import type { CoachingPackage } from './schemas/package';

/** Audience tabs of the packages section (docs/decisions/0004-package-audience-tabs.md), in display order. */
export const packageAudiences = [
  { id: 'students', label: 'Students', hint: 'Class 8-12' },
  { id: 'freshers', label: 'Freshers', hint: 'Graduates' },
  { id: 'middle', label: 'Middle', hint: 'Working professionals' },
  { id: 'senior', label: 'Senior', hint: 'Leaders & executives' },
] as const;

export type PackageAudience = (typeof packageAudiences)[number]['id'];
export const defaultAudience: PackageAudience = 'freshers';

/**
 * The tab a visit asks for (pure): `?for=students` on this page, or what an earlier page of the
 * visit asked (a student link, a student post, the students' quiz). Null for none.
 */
export function wantedAudience(search: string, remembered: string | null): PackageAudience | null {
  const asked = new URLSearchParams(search).get('for');
  if (isPackageAudience(asked)) return asked;
  return isPackageAudience(remembered) ? remembered : null;
}

const audienceKeywords: Record<PackageAudience, readonly string[]> = {
  students: ['class', 'students'],
  freshers: ['college graduates', 'freshers'],
  middle: ['working professionals', 'middle management'],
  senior: ['senior professionals', 'executives'],
};

// An "all professionals" package shows in every tab. School students are not professionals, so the
// Students tab (docs/decisions/0004-package-audience-tabs.md) keeps to packages written for them.
const everyProfessionalTab = 'all professionals';

/** Whether a package's free-text target audience belongs in one tab (case-insensitive). */
export function matchesAudience(targetAudience: string, audience: PackageAudience): boolean {
  const text = targetAudience.toLowerCase();
  if (audience !== 'students' && text.includes(everyProfessionalTab)) return true;
  return audienceKeywords[audience].some((keyword) => text.includes(keyword));
}

export function packagesFor<T extends Pick<CoachingPackage, 'targetAudience'>>(
  packages: readonly T[],
  audience: PackageAudience,
): T[] {
  return packages.filter((item) => matchesAudience(item.targetAudience, audience));
}

/** Every tab a package appears in, for the static `data-audiences` attribute the tab script reads. */
export function audiencesOf(targetAudience: string): PackageAudience[] {
  return packageAudiences.map((tab) => tab.id).filter((id) => matchesAudience(targetAudience, id));
}

export function isPackageAudience(value: string | null | undefined): value is PackageAudience {
  return packageAudiences.some((tab) => tab.id === value);
}
