import type { Attribution } from '../schemas/attribution';

// Where a visit came from (docs/decisions/0024-lead-notifications-and-attribution.md), from
// its first page view.
// Without zod on purpose: it runs in every lead form, and the call modal and the newsletter
// form load no zod. The unit tests hold its output to attributionSchema, the server's word.

/** The longest text attributionSchema takes per field: longer is cut, never refused (a lead is never lost to its source). */
export const attributionLimits = {
  source: 200,
  medium: 200,
  campaign: 200,
  term: 200,
  content: 200,
  referrer: 500,
  landingPage: 500,
} as const satisfies Record<keyof Attribution, number>;

const utmFields = {
  utm_source: 'source',
  utm_medium: 'medium',
  utm_campaign: 'campaign',
  utm_term: 'term',
  utm_content: 'content',
} as const;

function clip(field: keyof Attribution, value: string | null): string | undefined {
  const text = value?.trim().slice(0, attributionLimits[field]).trim();
  return text || undefined;
}

/** "www.google.com" and "google.com" are one site, as are this site with and without www. */
const siteName = (host: string) => host.toLowerCase().replace(/^www\./, '');

/**
 * Another site that sent the visitor: its scheme, host and path only. Its query and
 * fragment can carry that site's personal data (a search, an e-mail) and are dropped.
 */
function externalReferrer(referrer: string, ownHost: string): URL | null {
  if (!referrer) return null;
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return null;
  }
  return from.host && siteName(from.host) !== siteName(ownHost) ? from : null;
}

/**
 * The visit's attribution from its landing address and `document.referrer`:
 * - the utm_* parameters, as given;
 * - the referrer when another site sent the visitor (our own pages are not a source);
 *   without utm_source it names the source ("google.com / referral"), so a visitor sent
 *   by a search engine or a post is not counted as direct;
 * - the landing page: the path and only the utm_* parameters, because other parameters
 *   can carry personal data (an e-mail in a mailing's link) that must not be stored.
 */
export function attributionFromLanding(landingUrl: string, referrer: string): Attribution {
  const landing = new URL(landingUrl);
  const attribution: Attribution = {};
  const kept = new URLSearchParams();
  for (const [parameter, field] of Object.entries(utmFields)) {
    const value = clip(field, landing.searchParams.get(parameter));
    if (!value) continue;
    attribution[field] = value;
    kept.set(parameter, value);
  }
  const from = externalReferrer(referrer, landing.host);
  if (from) {
    attribution.referrer = clip('referrer', `${from.protocol}//${from.host}${from.pathname}`);
    if (!attribution.source) {
      attribution.source = clip('source', siteName(from.host));
      attribution.medium ??= 'referral';
    }
  }
  const query = kept.toString();
  attribution.landingPage = clip('landingPage', query ? `${landing.pathname}?${query}` : landing.pathname);
  return attribution;
}
