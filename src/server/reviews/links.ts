import type { Appointment } from '../../lib/schemas/appointment';
import { readAppointment, signedLinkToken, signedLinkTokenValid } from '../booking';
import { siteAddress } from '../notifications';

// The review link, /review/{session id}?token= (docs/decisions/0044-client-reviews-with-consent.md):
// signed with the site's own key under its own purpose, so it opens nothing but this session's
// review page, and no other link opens it.

export function reviewToken(sessionId: string): Promise<string> {
  return signedLinkToken('review', sessionId);
}

/** The absolute address of the session's review page, from the configured site address. */
export async function reviewUrlOf(sessionId: string, site: string = siteAddress()): Promise<string> {
  return `${site}/review/${sessionId}?token=${await reviewToken(sessionId)}`;
}

/** The session a link opens: null for a wrong token exactly as for an unknown id or a discovery call (constant-time check). */
export async function sessionOfReviewLink(sessionId: string, token: string): Promise<Appointment | null> {
  if (!(await signedLinkTokenValid('review', sessionId, token))) return null;
  const appointment = await readAppointment(sessionId);
  return appointment?.session ? appointment : null;
}
