import { visitAttribution } from './attribution/visit';

/** An API failure, its message "{status}: {body text or status text}". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly fields: Record<string, string> = {},
    readonly serverMessage: string | null = null,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/** The server's own words when it gave some, else the fallback: the words a failure toast shows. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

async function request<T>(method: string, url: string, payload?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: {} };
  if (payload !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) {
    let fields: Record<string, string> = {};
    let message: string | null = null;
    try {
      const parsed = JSON.parse(text) as { error?: string; fields?: Record<string, string> };
      fields = parsed.fields ?? {};
      message = parsed.error ?? null;
    } catch {
      // not JSON: the text itself is the message
    }
    throw new ApiError(response.status, text || response.statusText, fields, message);
  }
  return (text ? JSON.parse(text) : null) as T;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, payload?: unknown) => request<T>('POST', url, payload ?? {}),
  /** A public lead form's request: its fields and where the visit came from. */
  postLead: <T>(url: string, payload: object) =>
    request<T>('POST', url, { ...payload, attribution: visitAttribution() }),
  put: <T>(url: string, payload: unknown) => request<T>('PUT', url, payload),
  patch: <T>(url: string, payload: unknown) => request<T>('PATCH', url, payload),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
