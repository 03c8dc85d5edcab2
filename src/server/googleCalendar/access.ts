import { derivedKey } from '../auth';
import { afterResponse } from '../http/afterResponse';
import { googleConfig } from './config';
import { refreshAccess } from './googleApi';
import { type Connection, readConnection, writeFailure, writeSuccess } from './store';
import { openToken } from './tokenBox';

// What every call to Google needs, kept in this instance's memory (docs/scheduling.md): the
// connection, read again after a minute (a Disconnect elsewhere reaches this instance within
// it), and an access token until a minute before it expires, then refreshed with the sealed
// refresh token. Each instance holds its own; nothing here is shared or stored.

const CONNECTION_TTL_MS = 60_000;
const EARLY_REFRESH_MS = 60_000;
/** A success is written at most this often per instance: the status key is not rewritten on every read. */
const SUCCESS_WRITE_MS = 60_000;

let connectionCache: { value: Connection | null; until: number } | null = null;
let tokenCache: { box: string; token: string; until: number } | null = null;
let lastWritten: { at: number; failing: boolean } | null = null;

/** The stored connection, through the one-minute memory. */
export async function activeConnection(now = Date.now()): Promise<Connection | null> {
  if (connectionCache && connectionCache.until > now) return connectionCache.value;
  const value = await readConnection();
  connectionCache = { value, until: now + CONNECTION_TTL_MS };
  return value;
}

/** After a change made in this instance: the next call reads the store, and the next success is written. */
export function forgetCachedConnection(): void {
  connectionCache = null;
  tokenCache = null;
  lastWritten = null;
}

export class ReconnectNeededError extends Error {
  constructor() {
    super('The stored Google token cannot be opened (SESSION_SECRET changed?): connect the calendar again.');
    this.name = 'ReconnectNeededError';
  }
}

/** The refresh token, opened; only ever passed to Google. */
export function refreshTokenOf(connection: Connection): string {
  const token = openToken(derivedKey('google-token-box'), connection.refreshTokenBox);
  if (!token) throw new ReconnectNeededError();
  return token;
}

/** A live access token for the connection, refreshed when the one held is about to expire. */
export async function accessToken(connection: Connection, now = Date.now()): Promise<string> {
  if (tokenCache && tokenCache.box === connection.refreshTokenBox && tokenCache.until > now) return tokenCache.token;
  const answer = await refreshAccess(googleConfig(), refreshTokenOf(connection));
  tokenCache = {
    box: connection.refreshTokenBox,
    token: answer.access_token,
    until: now + answer.expires_in * 1000 - EARLY_REFRESH_MS,
  };
  return answer.access_token;
}

/** Hands an access token to the memory (the callback's exchange gives one). */
export function rememberAccessToken(box: string, token: string, expiresInSeconds: number, now = Date.now()): void {
  tokenCache = { box, token, until: now + expiresInSeconds * 1000 - EARLY_REFRESH_MS };
}

/** How a status is written: after the response (a visitor's request), or before it (the admin's own read of it). */
type When = 'after-response' | 'now';
const written = (when: When, write: () => Promise<void>) =>
  when === 'now' ? write() : afterResponse('google calendar status', write);

/** Google answered: the status says so. */
export async function noteSuccess(now = new Date(), when: When = 'after-response'): Promise<void> {
  if (lastWritten && !lastWritten.failing && now.getTime() - lastWritten.at < SUCCESS_WRITE_MS) return;
  lastWritten = { at: now.getTime(), failing: false };
  await written(when, () => writeSuccess(now));
}

/** Google failed: the admin shows the calendar behind since the first failure. */
export async function noteFailure(error: unknown, now = new Date(), when: When = 'after-response'): Promise<void> {
  lastWritten = { at: now.getTime(), failing: true };
  const message = error instanceof Error ? error.message : String(error);
  await written(when, () => writeFailure(message, now));
}
