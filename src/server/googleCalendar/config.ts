import { env, isLocalServer } from '../env';
import { serviceUnavailable } from '../http/errors';

// Google's OAuth client and addresses (docs/deploy.md). The three URLs have Google's defaults
// and exist so tests and the local server can point at a fake (tests/api/support/fake-google.ts).

export const GOOGLE_SCOPES = [
  // Create, move and delete the site's events, with their Meet links.
  'https://www.googleapis.com/auth/calendar.events',
  // The calendar list and freeBusy of the calendars the owner picks.
  'https://www.googleapis.com/auth/calendar.readonly',
] as const;

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  oauthUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  apiUrl: string;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** A Google address from the environment: on a deployed site only https (tokens travel on it). */
function address(name: string, fallback: string): string {
  const value = env(name) ?? fallback;
  if (!isLocalServer() && !value.startsWith('https://'))
    throw serviceUnavailable(`${name} must be an https address on a deployed site.`);
  return trimSlash(value);
}

/** Whether the OAuth client is set: without it the calendar cannot be connected. */
export const googleConfigured = (): boolean => Boolean(env('GOOGLE_CLIENT_ID') && env('GOOGLE_CLIENT_SECRET'));

/** The client and addresses; 503 naming what to set when the client is not. */
export function googleConfig(): GoogleConfig {
  const clientId = env('GOOGLE_CLIENT_ID');
  const clientSecret = env('GOOGLE_CLIENT_SECRET');
  if (!clientId || !clientSecret)
    throw serviceUnavailable(
      "Google Calendar is not set up: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET in the site's environment variables.",
    );
  const tokenUrl = address('GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token');
  return {
    clientId,
    clientSecret,
    oauthUrl: address('GOOGLE_OAUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
    tokenUrl,
    // Google revokes at oauth2.googleapis.com/revoke; a fake token URL has its revoke beside it.
    revokeUrl: tokenUrl.replace(/\/token$/, '/revoke'),
    apiUrl: address('GOOGLE_CALENDAR_API_URL', 'https://www.googleapis.com/calendar/v3'),
  };
}
