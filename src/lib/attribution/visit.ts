import type { Attribution } from '../schemas/attribution';
import { attributionFromLanding } from './landing';

// The visit's first landing (docs/decisions/0024-lead-notifications-and-attribution.md).
// The page-view script (rememberLanding.ts) only keeps the address and the referrer; they
// are read into an attribution here, when a lead is sent, so no public page runs more
// than a few bytes for it at first view. Kept in sessionStorage: it lasts as long as the
// tab's visit, leaves the browser only with a lead the visitor submits, and is no cookie,
// so it needs no consent.

export const VISIT_KEY = 'ccc-visit';

/** What the page-view script keeps: the first page's address and `document.referrer`. */
export interface Landing {
  href: string;
  referrer: string;
}

function isLanding(value: unknown): value is Landing {
  const landing = value as Partial<Landing> | null;
  return typeof landing?.href === 'string' && typeof landing.referrer === 'string';
}

/**
 * What a lead form sends: where the visit came from, or nothing when storage is off or
 * holds nothing readable (the lead is never held back for its source).
 */
export function visitAttribution(storage: () => Storage = () => sessionStorage): Attribution | undefined {
  try {
    const landing: unknown = JSON.parse(storage().getItem(VISIT_KEY) ?? 'null');
    return isLanding(landing) ? attributionFromLanding(landing.href, landing.referrer) : undefined;
  } catch {
    // Storage off (a privacy mode) or a value that is not ours.
    return undefined;
  }
}
