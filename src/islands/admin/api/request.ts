import { ApiError } from '../../../lib/api-client';

// The one way the dashboard talks to the server. Every admin call goes through here,
// so session expiry (401), field errors (400) and versions (ETag) are read the same
// way everywhere.

export interface Answer<T> {
  data: T;
  /** The record's version, for answers that carry one (bookings). */
  etag: string | null;
}

export interface RequestOptions {
  body?: unknown;
  /** Send only if the record is still at this version (412 otherwise). */
  ifMatch?: string | null;
  signal?: AbortSignal;
  /** e.g. Idempotency-Key: the same key makes a retried request the same one. */
  headers?: Record<string, string>;
}

/** An admin API failure: "{status}: {body}", as every ApiError, plus what the server said in JSON. */
export class AdminApiError extends ApiError {
  constructor(
    status: number,
    body: string,
    fields: Record<string, string>,
    serverMessage: string | null,
    readonly json: unknown,
    readonly etag: string | null,
  ) {
    super(status, body, fields, serverMessage);
    this.name = 'AdminApiError';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function adminRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    // Admin data is personal and changes under us: never from the HTTP cache.
    cache: 'no-store',
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  const text = await response.text();
  const etag = response.headers.get('etag');
  if (!response.ok) {
    const json = parseJson(text) as { error?: unknown; fields?: unknown } | null;
    const fields =
      json && typeof json.fields === 'object' && json.fields !== null ? (json.fields as Record<string, string>) : {};
    const message = json && typeof json.error === 'string' ? json.error : null;
    throw new AdminApiError(response.status, text || response.statusText, fields, message, json, etag);
  }
  return { data: (text ? JSON.parse(text) : null) as T, etag };
}

export const isUnauthorised = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

export { failureMessage } from '../../../lib/api-client';
