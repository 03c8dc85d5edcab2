export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function errorBody(error: string, fields?: Record<string, string>) {
  return fields && Object.keys(fields).length > 0 ? { error, fields } : { error };
}
