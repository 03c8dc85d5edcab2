import type { Context } from '@netlify/functions';
import { withAfterResponse } from './afterResponse';
import { StorageConflictError, StorageUnavailableError } from '../storage/errors';
import { HttpError } from './errors';
import { errorBody, json } from './respond';
import { withSecurityHeaders } from './securityHeaders';
import { StaleRecordError, contentEtag } from './versions';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteHandler = (req: Request, context: Context) => Promise<Response> | Response;

/**
 * Wraps a function's handlers by method: 405 for any other method, and every
 * error becomes a JSON answer. Unknown failures are logged and answered with a
 * generic 500 that never carries a stack trace.
 */
export function route(handlers: Partial<Record<Method, RouteHandler>>) {
  const allowed = Object.keys(handlers).join(', ');
  return async (req: Request, context: Context): Promise<Response> => withSecurityHeaders(await answer(req, context));

  async function answer(req: Request, context: Context): Promise<Response> {
    const handler = handlers[req.method as Method];
    if (!handler) {
      return json(errorBody(`Method ${req.method} is not allowed here.`), { status: 405, headers: { allow: allowed } });
    }
    try {
      // Storage code below hands work to context.waitUntil through this scope (follow-up events).
      return await withAfterResponse(context, async () => handler(req, context));
    } catch (error) {
      return errorResponse(error);
    }
  }
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    return json(
      { ...errorBody(error.message, error.fields), ...error.extra },
      { status: error.status, headers: error.headers },
    );
  }
  if (error instanceof StaleRecordError) {
    return json(
      { ...errorBody(error.message), current: error.current },
      { status: 412, headers: { etag: contentEtag(error.current) } },
    );
  }
  if (error instanceof StorageUnavailableError) {
    console.error('[storage unavailable]', error.cause);
    return json(errorBody(error.message), { status: 503, headers: { 'retry-after': '30' } });
  }
  if (error instanceof StorageConflictError) {
    console.error('[storage conflict]', error.message);
    return json(errorBody('This record is being changed by someone else. Please try again.'), { status: 409 });
  }
  console.error('[unhandled]', error);
  return json(errorBody('Something went wrong on our side. Please try again.'), { status: 500 });
}
