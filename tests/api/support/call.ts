import type { Context } from '@netlify/functions';

export const SITE = 'http://localhost:8888';

type Handler = (req: Request, context: Context) => Promise<Response> | Response;

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  cookie?: string;
  params?: Record<string, string>;
  origin?: string | null;
  /** The client address the platform reports (context.ip); loopback by default. */
  ip?: string;
  /** Another site address than the local one (e.g. a deployed https origin). */
  site?: string;
}

/** Calls a real function handler with a real Request, as Netlify would. */
export async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? (options.body !== undefined || options.rawBody !== undefined ? 'POST' : 'GET');
  const headers = new Headers(options.headers);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  if (options.cookie) headers.set('cookie', options.cookie);
  const site = options.site ?? SITE;
  const origin = options.origin === undefined ? new URL(site).origin : options.origin;
  if (origin && method !== 'GET') headers.set('origin', origin);
  const request = new Request(new URL(path, site), { method, headers, body });
  const context = {
    params: options.params ?? {},
    ip: options.ip ?? '127.0.0.1',
    requestId: 'test',
    // As Netlify: work that may finish after the response. Collected so a test can wait for it.
    waitUntil: (promise: Promise<unknown>) => {
      afterResponse.push(Promise.resolve(promise));
    },
  } as unknown as Context;
  return handler(request, context);
}

const afterResponse: Promise<unknown>[] = [];

/** Waits for every `context.waitUntil` promise of the calls so far (and any they added). */
export async function settleAfterResponse(): Promise<void> {
  while (afterResponse.length > 0) {
    const batch = afterResponse.splice(0);
    await Promise.allSettled(batch);
  }
}

export async function jsonOf<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
